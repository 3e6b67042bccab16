import type { TAlertRule, TAlertSeverity, TIncidentEvent } from '@zaryad/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TActor } from '../../platform/audit';
import type { Transaction } from '../../platform/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit';
import { alertSignals, incidentEvents, incidents } from './alerts.tables';

type Tx = Transaction | Database;

/** What a rule sees now: the incident's key (rule, station, connector, charge), who and where, and what it saw. */
export interface Condition {
  rule: TAlertRule;
  stationId: number | null;
  connectorId: number | null;
  chargeId: number | null;
  userId: number | null;
  merchantId: number | null;
  details: Record<string, unknown>;
  /**
   * The evidence, named so that the same evidence is acted on once (alert_signals): the same Faulted report heard by
   * every process, the same silence read by every sweep, fold once; a new one folds again.
   */
  signal: string;
}

/** An incident that changed, told on the bus after the commit as `{type: 'incident', incidentId, stationId}`. */
export interface IncidentChange {
  incidentId: number;
  stationId: number | null;
}

/** The incident's key as text: which open incidents a rule still sees. */
export const keyOf = (row: { stationId: number | null; connectorId: number | null; chargeId: number | null }) =>
  `${row.stationId ?? ''}:${row.connectorId ?? ''}:${row.chargeId ?? ''}`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Appends the incident's event and its audit entry, in the change's transaction. */
export const recordIncidentEvent = async (
  tx: Tx,
  input: {
    incidentId: number;
    event: TIncidentEvent;
    actor: TActor;
    note?: string | null;
    before?: object;
    after: object;
    at: Date;
  },
) => {
  await tx.insert(incidentEvents).values({
    incidentId: input.incidentId,
    event: input.event,
    accountId: input.actor.id,
    note: input.note || null,
    createdAt: input.at,
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: input.event === 'opened' ? 'create' : 'update',
    entity: 'incident',
    entityId: input.incidentId,
    before: input.before,
    after: { event: input.event, ...input.after },
  });
};

/**
 * Opens the condition's incident, or folds it into the unresolved one (count + 1, last seen, details), unless its
 * signal was acted on already. Answers the change, or null when nothing changed.
 */
export const raise = async (
  tx: Tx,
  condition: Condition,
  severity: TAlertSeverity,
  now: Date,
): Promise<IncidentChange | null> => {
  const fresh = await tx
    .insert(alertSignals)
    .values({ key: condition.signal.slice(0, 160), createdAt: now })
    .onConflictDoNothing()
    .returning({ key: alertSignals.key });
  if (fresh.length === 0) {
    return null;
  }
  const details = JSON.stringify(condition.details);
  const [row] = rowsOf<{ id: number; count: number; inserted: boolean }>(
    await tx.execute(sql`
      insert into incidents (rule, severity, status, station_id, connector_id, charge_id, user_id, merchant_id, details,
        first_seen_at, last_seen_at, count)
      values (${condition.rule}, ${severity}, 'open', ${condition.stationId}, ${condition.connectorId},
        ${condition.chargeId}, ${condition.userId}, ${condition.merchantId}, ${details}::jsonb, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz, 1)
      on conflict (rule, (coalesce(station_id, 0)), (coalesce(connector_id, -1)), (coalesce(charge_id, 0)))
        where resolved_at is null
      do update set last_seen_at = greatest(incidents.last_seen_at, excluded.last_seen_at),
        count = incidents.count + 1, details = excluded.details,
        user_id = coalesce(excluded.user_id, incidents.user_id)
      returning id, count, (xmax = 0) as inserted`),
  );
  if (!row) {
    return null;
  }
  const id = Number(row.id);
  await recordIncidentEvent(tx, {
    incidentId: id,
    event: row.inserted ? 'opened' : 'repeated',
    actor: SYSTEM_ACTOR,
    after: row.inserted
      ? {
          rule: condition.rule,
          severity,
          station_id: condition.stationId,
          connector_id: condition.connectorId,
          charge_id: condition.chargeId,
          details: condition.details,
        }
      : { count: Number(row.count), details: condition.details },
    at: now,
  });
  return { incidentId: id, stationId: condition.stationId };
};

/**
 * Resolves as cleared every unresolved incident of the rule (at these stations when `stationIds` is given) whose key the
 * rule no longer sees. Two processes clearing the same incident resolve it once.
 */
export const clearGone = async (
  tx: Tx,
  rule: TAlertRule,
  seen: Set<string>,
  now: Date,
  scope: {
    stationIds?: number[];
    keep?: (row: { stationId: number | null; connectorId: number | null; chargeId: number | null }) => boolean;
  } = {},
): Promise<IncidentChange[]> => {
  const open = await tx
    .select({
      id: incidents.id,
      stationId: incidents.stationId,
      connectorId: incidents.connectorId,
      chargeId: incidents.chargeId,
      status: incidents.status,
    })
    .from(incidents)
    .where(
      and(
        eq(incidents.rule, rule),
        isNull(incidents.resolvedAt),
        scope.stationIds === undefined ? undefined : inArray(incidents.stationId, scope.stationIds),
      ),
    )
    .orderBy(incidents.id);
  const changes: IncidentChange[] = [];
  for (const row of open) {
    if (seen.has(keyOf(row)) || scope.keep?.(row)) {
      continue;
    }
    const [resolved] = await tx
      .update(incidents)
      .set({ status: 'resolved', resolvedAt: now, resolution: 'cleared' })
      .where(and(eq(incidents.id, row.id), isNull(incidents.resolvedAt)))
      .returning({ id: incidents.id });
    if (!resolved) {
      continue;
    }
    await recordIncidentEvent(tx, {
      incidentId: row.id,
      event: 'resolved',
      actor: SYSTEM_ACTOR,
      before: { status: row.status },
      after: { status: 'resolved', resolution: 'cleared' },
      at: now,
    });
    changes.push({ incidentId: row.id, stationId: row.stationId });
  }
  return changes;
};
