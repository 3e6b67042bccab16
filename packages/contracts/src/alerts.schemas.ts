import { z } from 'zod';
import { ALERT_RULES, ALERT_SEVERITIES, ALERT_THRESHOLD_LIMITS, INCIDENT_EVENTS, INCIDENT_STATUSES } from './alerts';
import { ALERTS_MESSAGES } from './alerts.messages';
import { optionalFilter, zPaged, ZPageQuery, ZQueryBoolean } from './common';
import { registerMessages } from './messages';
import { rangesInOrder, zId, zIdText, zInt } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(ALERTS_MESSAGES);

/**
 * Alert rules' settings and incidents over the API (issue 35; docs/product/alerts.md): GET/PUT /alerts/rules/ and
 * GET /incidents/ with acknowledge, assign and resolve.
 */

export const ZAlertRule = z.enum(ALERT_RULES, { message: 'alert_rule_unknown' });
export const ZAlertSeverity = z.enum(ALERT_SEVERITIES, { message: 'invalid_choice' });
export const ZIncidentStatus = z.enum(INCIDENT_STATUSES, { message: 'invalid_choice' });
export const ZIncidentEvent = z.enum(INCIDENT_EVENTS, { message: 'invalid_choice' });
export const INCIDENT_RESOLUTIONS = ['manual', 'cleared'] as const;
export type TIncidentResolution = (typeof INCIDENT_RESOLUTIONS)[number];

const limited = (limits: { min: number; max: number }) => zInt(limits).optional();

/** A rule's thresholds; which of them a rule takes is its default's (ALERT_RULE_DEFAULTS), checked by the server. */
export const ZAlertThresholds = z.strictObject({
  minutes: limited(ALERT_THRESHOLD_LIMITS.minutes),
  count: limited(ALERT_THRESHOLD_LIMITS.count),
  percent: limited(ALERT_THRESHOLD_LIMITS.percent),
  minCharges: limited(ALERT_THRESHOLD_LIMITS.minCharges),
  includeUnavailable: z.boolean({ message: 'invalid_type' }).optional(),
});

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

/** One rule as the settings screen shows it: its settings, whether it clears by itself, and its defaults. */
export const ZAlertRuleSetting = z.object({
  rule: ZAlertRule,
  enabled: z.boolean(),
  severity: ZAlertSeverity,
  thresholds: ZAlertThresholds,
  clears: z.boolean(),
  defaults: z.object({ enabled: z.boolean(), severity: ZAlertSeverity, thresholds: ZAlertThresholds }),
  updated_at: z.string().nullable(),
  updated_by: ZNamed.nullable(),
});
export type TAlertRuleSetting = z.infer<typeof ZAlertRuleSetting>;

export const ZAlertRuleList = z.object({ items: z.array(ZAlertRuleSetting) });
export type TAlertRuleList = z.infer<typeof ZAlertRuleList>;

export const ZAlertRuleParam = z.object({ rule: ZAlertRule });

/** PUT /alerts/rules/{rule}/: the whole setting of one rule; thresholds only those the rule takes, all of them. */
export const ZAlertRuleUpdateBody = z.object({
  enabled: z.boolean({ message: 'invalid_type' }),
  severity: ZAlertSeverity,
  thresholds: ZAlertThresholds,
});
export type TAlertRuleUpdateBody = z.infer<typeof ZAlertRuleUpdateBody>;

/** An incident: what a rule saw at a station, connector, charge or user, from first to last seen, and who is on it. */
export const ZIncident = z.object({
  id: z.number().int(),
  rule: ZAlertRule,
  severity: ZAlertSeverity,
  status: ZIncidentStatus,
  station: ZNamed.nullable(),
  connector_id: z.number().int().nullable(),
  charge_id: z.number().int().nullable(),
  user: ZNamed.nullable(),
  merchant: ZNamed.nullable(),
  /** What the rule saw: error code, status, minutes, percent, reason... (docs/product/alerts.md, section 3). */
  details: z.record(z.string(), z.unknown()),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  count: z.number().int(),
  acknowledged_by: ZNamed.nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_note: z.string().nullable(),
  assigned_to: ZNamed.nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: ZNamed.nullable(),
  resolution: z.enum(INCIDENT_RESOLUTIONS).nullable(),
});
export type TIncident = z.infer<typeof ZIncident>;
export const ZIncidentPage = zPaged(ZIncident);
export type TIncidentPage = z.infer<typeof ZIncidentPage>;

export const ZIncidentEventEntry = z.object({
  id: z.number().int(),
  event: ZIncidentEvent,
  /** Null: the system (the rule raised, repeated or cleared it). */
  account: ZNamed.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TIncidentEventEntry = z.infer<typeof ZIncidentEventEntry>;

export const ZIncidentDetail = ZIncident.extend({ events: z.array(ZIncidentEventEntry) });
export type TIncidentDetail = z.infer<typeof ZIncidentDetail>;

const day = () => optionalFilter(z.iso.date({ message: 'date_invalid' }));

/** GET /incidents/: newest last seen first; period__from/period__to are Asia/Bishkek days of the last time seen, both included. */
export const ZIncidentListQuery = ZPageQuery.extend({
  status: optionalFilter(ZIncidentStatus),
  /** `unresolved`: open and acknowledged together. */
  open: optionalFilter(ZQueryBoolean),
  rule: optionalFilter(ZAlertRule),
  severity: optionalFilter(ZAlertSeverity),
  merchant_id: optionalFilter(zIdText('invalid_choice')),
  station_id: optionalFilter(zIdText('invalid_choice')),
  assigned_to: optionalFilter(zIdText('invalid_choice')),
  period__from: day(),
  period__to: day(),
}).superRefine(
  rangesInOrder<{ period__from?: string; period__to?: string }>([['period__from', 'period__to']], {
    message: 'end_before_start',
  }),
);
export type TIncidentListQuery = z.input<typeof ZIncidentListQuery>;
export type TIncidentFilter = z.output<typeof ZIncidentListQuery>;

export const INCIDENT_NOTE_MAX = 500;
const ZNote = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(INCIDENT_NOTE_MAX, { message: `max_length:${INCIDENT_NOTE_MAX}` })
  .optional()
  .default('');

/** POST /incidents/{id}/acknowledge/ and /resolve/: an optional note. */
export const ZIncidentNoteBody = z.object({ note: ZNote });
export type TIncidentNoteBody = z.input<typeof ZIncidentNoteBody>;

/** POST /incidents/{id}/assign/: the account that takes it, or null to leave it unassigned. */
export const ZIncidentAssignBody = z.object({ account_id: zId('incident_assignee_invalid').nullable() });
export type TIncidentAssignBody = z.input<typeof ZIncidentAssignBody>;
