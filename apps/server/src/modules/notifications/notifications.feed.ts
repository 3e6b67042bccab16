import type { TAlertRule, TAlertSeverity, TIncidentEvent } from '@zaryad/contracts';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/transaction';

/** One incident event as the fan-out reads it: the event and what the incident was about at that moment. */
export interface IncidentEventInput {
  /** `incident_events.id`: the fan-out's cursor. */
  eventId: number;
  incidentId: number;
  event: TIncidentEvent;
  rule: TAlertRule;
  severity: TAlertSeverity;
  stationId: number | null;
  stationName: { ru: string; en: string; ky: string } | null;
  connectorId: number | null;
  chargeId: number | null;
  merchantId: number | null;
  /** The account the incident is assigned to (the `assigned` event goes to it alone). */
  assignedTo: number | null;
  details: unknown;
}

/** Where the fan-out reads events after a position: `incident_events` in the app, a list in some tests. */
export type IncidentEventFeed = (tx: Transaction, after: number, limit: number) => Promise<IncidentEventInput[]>;

interface EventRow {
  event_id: string | number;
  incident_id: number;
  event: string;
  rule: string;
  severity: string;
  station_id: number | null;
  name_ru: string | null;
  name_en: string | null;
  name_ky: string | null;
  connector_id: number | null;
  /** bigint: node-postgres answers it as text. */
  charge_id: string | number | null;
  merchant_id: number | null;
  assigned_to: number | null;
  details: unknown;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The alerts domain's `incident_events` joined with its `incidents` (migration 0048, docs/product/alerts.md). Read by
 * name rather than through the alerts index: notifications needs two tables of it, not its rules engine, and a database
 * older than 0048 simply has nothing to read.
 */
export const incidentEventsFeed: IncidentEventFeed = async (tx, after, limit) => {
  const [present] = rowsOf<{ present: boolean }>(
    await tx.execute(
      sql`select to_regclass('incident_events') is not null and to_regclass('incidents') is not null as present`,
    ),
  );
  if (!present?.present) {
    return [];
  }
  const rows = rowsOf<EventRow>(
    await tx.execute(sql`
      select e.id as event_id, e.incident_id, e.event, i.rule, i.severity, i.station_id,
             s.name_ru, s.name_en, s.name_ky, i.connector_id, i.charge_id,
             coalesce(i.merchant_id, s.merchant_id) as merchant_id, i.assigned_to, i.details
      from incident_events e
      join incidents i on i.id = e.incident_id
      left join stations s on s.id = i.station_id
      where e.id > ${after}
      order by e.id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    eventId: Number(row.event_id),
    incidentId: row.incident_id,
    event: row.event as TIncidentEvent,
    rule: row.rule as TAlertRule,
    severity: row.severity as TAlertSeverity,
    stationId: row.station_id,
    stationName:
      row.name_ru === null ? null : { ru: row.name_ru, en: row.name_en ?? row.name_ru, ky: row.name_ky ?? row.name_ru },
    connectorId: row.connector_id,
    chargeId: row.charge_id === null ? null : Number(row.charge_id),
    merchantId: row.merchant_id,
    assignedTo: row.assigned_to,
    details: row.details,
  }));
};
