/**
 * Live operations' shared vocabulary (issue 35; docs/product/alerts.md once written): the alert rules the server
 * evaluates, their thresholds and severities, and the incident states. Plain constants without zod, so that the web
 * app's menu, bell and settings read them without loading a parser; the request and answer schemas live in
 * `alerts.schemas.ts`.
 */

/** Every alert rule, in the order the settings screen lists them. */
export const ALERT_RULES = [
  /** A station's charge point silent (no heartbeat for 3 intervals) or disconnected for more than N minutes. */
  'station_offline',
  /** A connector reported Faulted (or Unavailable, if the rule counts it) by StatusNotification. */
  'connector_faulted',
  /** A charge running without a meter value for N minutes. */
  'charge_no_meter_values',
  /** A charge started but without energy after N minutes. */
  'charge_no_energy',
  /** A charge that failed to start (RemoteStart rejected, StartTransaction refused) or ended in error. */
  'charge_failed',
  /** A station's charge point booting more than N times in an hour. */
  'station_reboots',
  /** A station's share of failed charges in the Bishkek day above X % (from at least M charges). */
  'failed_charge_share',
  /** A top-up or card payment that failed (payments, issue 39). */
  'payment_failed',
  /** The nightly ledger check found a balance that differs from its ledger. */
  'ledger_mismatch',
] as const;
export type TAlertRule = (typeof ALERT_RULES)[number];

export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type TAlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** The thresholds a rule takes, by name; each rule's own are in ALERT_RULE_DEFAULTS. */
export interface TAlertThresholds {
  /** station_offline, charge_no_meter_values, charge_no_energy: minutes before the alert is raised. */
  minutes?: number;
  /** station_reboots: boots in a rolling hour above which the alert is raised. */
  count?: number;
  /** failed_charge_share: the share of failed charges, in percent. */
  percent?: number;
  /** failed_charge_share: the day's charges at the station below which no share is judged. */
  minCharges?: number;
  /** connector_faulted: whether Unavailable counts as well as Faulted. */
  includeUnavailable?: boolean;
}

export interface TAlertRuleDefault {
  enabled: boolean;
  severity: TAlertSeverity;
  thresholds: TAlertThresholds;
  /** Whether the rule clears by itself when its condition ends (the incident then resolves automatically). */
  clears: boolean;
}

/** What a new network starts with; the settings screen changes each rule's enabled, severity and thresholds. */
export const ALERT_RULE_DEFAULTS: Record<TAlertRule, TAlertRuleDefault> = {
  station_offline: { enabled: true, severity: 'critical', thresholds: { minutes: 10 }, clears: true },
  connector_faulted: { enabled: true, severity: 'critical', thresholds: { includeUnavailable: false }, clears: true },
  charge_no_meter_values: { enabled: true, severity: 'warning', thresholds: { minutes: 15 }, clears: true },
  charge_no_energy: { enabled: true, severity: 'warning', thresholds: { minutes: 10 }, clears: true },
  charge_failed: { enabled: true, severity: 'warning', thresholds: {}, clears: false },
  station_reboots: { enabled: true, severity: 'warning', thresholds: { count: 3 }, clears: true },
  failed_charge_share: { enabled: true, severity: 'warning', thresholds: { percent: 20, minCharges: 5 }, clears: true },
  payment_failed: { enabled: true, severity: 'warning', thresholds: {}, clears: false },
  ledger_mismatch: { enabled: true, severity: 'critical', thresholds: {}, clears: true },
};

/** Limits of the thresholds, checked by the server and the settings form alike. */
export const ALERT_THRESHOLD_LIMITS = {
  minutes: { min: 1, max: 1440 },
  count: { min: 1, max: 100 },
  percent: { min: 1, max: 100 },
  minCharges: { min: 1, max: 1000 },
} as const;

/** An incident's state: open (new or still firing), acknowledged (someone is on it), resolved (by hand or cleared). */
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type TIncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** What happened to an incident, as notifications and the audit log name it. */
export const INCIDENT_EVENTS = ['opened', 'repeated', 'acknowledged', 'assigned', 'resolved'] as const;
export type TIncidentEvent = (typeof INCIDENT_EVENTS)[number];

/** The ways a notification reaches a person or a system. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'telegram', 'webhook'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
