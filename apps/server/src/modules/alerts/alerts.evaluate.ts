/**
 * The evaluation of the alert rules (docs/product/alerts.md, section 4): the minute sweep over the network (under the
 * scheduler's advisory lock, once across processes), the station's rules at once on each OCPP event (every process
 * hears it; signals and the unique index make it safe), and the nightly ledger check.
 */
import {
  ALERT_RULE_DEFAULTS,
  ALERT_RULES,
  type TAlertRule,
  type TAlertSeverity,
  type TAlertThresholds,
} from '@zaryad/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bishkekDayStart } from '../../platform/bishkek-time';
import type { ScheduledJob } from '../../platform/scheduler';
import type { Transaction } from '../../platform/transaction';
import type { OcppBus } from '../ocpp';
import { stations } from '../stations';
import { clearGone, type Condition, type IncidentChange, keyOf, raise } from './alerts.incidents';
import { bishkekToday } from '../../platform/bishkek-time';
import { ledgerMismatch, type Scope, STATE_RULES } from './alerts.rules';
import { alertRules, alertSignals } from './alerts.tables';

type Tx = Transaction | Database;

export interface RuleSetting {
  enabled: boolean;
  severity: TAlertSeverity;
  thresholds: TAlertThresholds;
  checkedAt: Date | null;
}

/** Every rule's setting: its row, or its default when the reference seed has not written it yet. */
export const readRuleSettings = async (tx: Tx): Promise<Record<TAlertRule, RuleSetting>> => {
  const rows = await tx.select().from(alertRules);
  const byRule = new Map(rows.map((row) => [row.rule, row]));
  return Object.fromEntries(
    ALERT_RULES.map((rule) => {
      const row = byRule.get(rule);
      const fallback = ALERT_RULE_DEFAULTS[rule];
      return [
        rule,
        row
          ? {
              enabled: row.enabled,
              severity: row.severity as TAlertSeverity,
              thresholds: row.thresholds,
              checkedAt: row.checkedAt,
            }
          : {
              enabled: fallback.enabled,
              severity: fallback.severity,
              thresholds: fallback.thresholds,
              checkedAt: null,
            },
      ];
    }),
  ) as Record<TAlertRule, RuleSetting>;
};

/** Tells the bus of changed incidents after the commit: NOTIFY inside the transaction on PostgreSQL (sent at its commit). */
export type IncidentNotifier = (tx: Tx, changes: IncidentChange[]) => Promise<void>;

export const createIncidentNotifier =
  (kind: 'pglite' | 'postgres', bus: OcppBus | null): IncidentNotifier =>
  async (tx, changes) => {
    for (const change of changes) {
      const message = { type: 'incident', incidentId: change.incidentId, stationId: change.stationId };
      if (kind === 'postgres') {
        await tx.execute(sql`select pg_notify('ocpp_events', ${JSON.stringify(message)})`);
      } else {
        // One process: the in-process bus; the embedded database runs one transaction at a time, so that a listener
        // reading the incident reads it committed.
        await bus?.publish('ocpp_events', message);
      }
    }
  };

/** Raises each condition of a rule and, for a rule that clears, resolves its incidents no longer seen. */
const settle = async (
  tx: Tx,
  rule: TAlertRule,
  setting: RuleSetting,
  conditions: Condition[],
  scope: Scope,
  now: Date,
): Promise<IncidentChange[]> => {
  const changes: IncidentChange[] = [];
  for (const condition of conditions) {
    const change = await raise(tx, condition, setting.severity, now);
    if (change) {
      changes.push(change);
    }
  }
  if (ALERT_RULE_DEFAULTS[rule].clears) {
    const seen = new Set(conditions.map(keyOf));
    changes.push(...(await clearGone(tx, rule, seen, now, scope)));
  }
  return changes;
};

/** The rules an OCPP event about a station re-reads at once (the charges' minute thresholds wait for the sweep). */
export const STATION_EVENT_RULES = [
  'station_offline',
  'connector_faulted',
  'station_reboots',
  'charge_failed',
] as const;

/** Evaluates the given state rules over a scope, in the caller's transaction; answers the incidents that changed. */
export const evaluateRules = async (
  tx: Tx,
  scope: Scope,
  now: Date,
  rules: readonly (keyof typeof STATE_RULES)[] = Object.keys(STATE_RULES) as (keyof typeof STATE_RULES)[],
): Promise<IncidentChange[]> => {
  const settings = await readRuleSettings(tx);
  const changes: IncidentChange[] = [];
  for (const rule of rules) {
    const setting = settings[rule];
    if (!setting.enabled) {
      continue;
    }
    const conditions = await STATE_RULES[rule](tx, setting.thresholds, scope, now);
    changes.push(...(await settle(tx, rule, setting, conditions, scope, now)));
  }
  return changes;
};

/** The hour of the Bishkek night at which the ledger is checked. */
export const LEDGER_CHECK_HOUR = 3;

/** Whether the nightly ledger check is due: past 03:00 in Bishkek and not run since. */
export const ledgerCheckDue = (checkedAt: Date | null, now: Date) => {
  const today = bishkekDayStart(bishkekToday(now));
  const dueAt = new Date(today.getTime() + LEDGER_CHECK_HOUR * 3_600_000);
  return now >= dueAt && (checkedAt === null || checkedAt < dueAt);
};

/** The ledger check: opens (or folds into) the network's incident while a balance differs, clears it once none does. */
export const checkLedger = async (tx: Tx, now: Date): Promise<IncidentChange[]> => {
  const settings = await readRuleSettings(tx);
  const setting = settings.ledger_mismatch;
  await tx.update(alertRules).set({ checkedAt: now }).where(eq(alertRules.rule, 'ledger_mismatch'));
  if (!setting.enabled) {
    return [];
  }
  return settle(tx, 'ledger_mismatch', setting, await ledgerMismatch(tx, now), {}, now);
};

/** Signals older than this are forgotten (a sweep reads an hour back at most). */
const SIGNALS_KEPT_MS = 2 * 24 * 3_600_000;

/** One sweep of the network: every state rule, the ledger when due, old signals dropped. */
export const sweep = async (tx: Tx, now: Date): Promise<IncidentChange[]> => {
  const changes = await evaluateRules(tx, {}, now);
  const settings = await readRuleSettings(tx);
  if (ledgerCheckDue(settings.ledger_mismatch.checkedAt, now)) {
    changes.push(...(await checkLedger(tx, now)));
  }
  await tx.delete(alertSignals).where(lt(alertSignals.createdAt, new Date(now.getTime() - SIGNALS_KEPT_MS)));
  return changes;
};

/** The minute job: the sweep under the scheduler's advisory lock, its changes told after its commit. */
export const alertsSweepJob = (notify: IncidentNotifier): ScheduledJob => ({
  name: 'alerts sweep',
  lockKey: 0x616c657274, // 'alert'
  everyMs: 60_000,
  async run(tx, now) {
    await notify(tx, await sweep(tx, now));
  },
});

/** A StartTransaction the central system refused (modules/ocpp's `charge_failed` message on 'ocpp_events'). */
export interface ChargeFailedMessage {
  type: 'charge_failed';
  stationId: number;
  connectorId: number;
  idTag?: string;
  status?: string;
  transactionId: number;
}

export const isChargeFailedMessage = (message: unknown): message is ChargeFailedMessage => {
  const value = message as Partial<ChargeFailedMessage> | null;
  return (
    value?.type === 'charge_failed' &&
    typeof value.stationId === 'number' &&
    typeof value.connectorId === 'number' &&
    typeof value.transactionId === 'number'
  );
};

/** A refused start folded into its connector's charge_failed incident (once, whichever processes hear it). */
export const raiseRefusedStart = async (tx: Tx, message: ChargeFailedMessage, now: Date) => {
  const settings = await readRuleSettings(tx);
  const setting = settings.charge_failed;
  if (!setting.enabled) {
    return [];
  }
  const [station] = await tx
    .select({ merchantId: stations.merchantId })
    .from(stations)
    .where(eq(stations.id, message.stationId))
    .limit(1);
  if (!station) {
    return [];
  }
  const change = await raise(
    tx,
    {
      rule: 'charge_failed',
      stationId: message.stationId,
      connectorId: message.connectorId,
      chargeId: null,
      userId: null,
      merchantId: station.merchantId,
      details: { reason: 'start_refused', id_tag: message.idTag ?? null, id_tag_status: message.status ?? null },
      signal: `charge_failed:start:${message.stationId}:${message.transactionId}`,
    },
    setting.severity,
    now,
  );
  return change ? [change] : [];
};
