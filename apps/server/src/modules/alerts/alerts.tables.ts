import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TAlertThresholds } from '@zaryad/contracts';
import { accounts } from '../accounts';
import { merchants } from '../merchants';
import { stations } from '../stations';
import { appUsers } from '../users';

/**
 * Each alert rule's settings (docs/product/alerts.md): one row per TAlertRule, written from ALERT_RULE_DEFAULTS by the
 * reference seed and changed on the settings screen. `checked_at`: when the rule's nightly check last ran (the ledger).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    rule: varchar('rule', { length: 32 }).primaryKey(),
    enabled: boolean('enabled').notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    thresholds: jsonb('thresholds').$type<TAlertThresholds>().notNull(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [check('alert_rules_severity_check', sql`${table.severity} in ('critical', 'warning', 'info')`)],
);

/**
 * Incidents: what a rule saw, opened once and folded into while it lasts (count, last_seen_at). At most one unresolved
 * incident per (rule, station, connector, charge): the unique partial index makes folding an upsert, safe when every
 * process evaluates the same event.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: serial('id').primaryKey(),
    rule: varchar('rule', { length: 32 }).notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    status: varchar('status', { length: 14 }).notNull().default('open'),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    connectorId: smallint('connector_id'),
    chargeId: bigint('charge_id', { mode: 'number' }),
    userId: integer('user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    acknowledgedBy: integer('acknowledged_by').references(() => accounts.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedNote: varchar('acknowledged_note', { length: 500 }),
    assignedTo: integer('assigned_to').references(() => accounts.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => accounts.id, { onDelete: 'set null' }),
    resolution: varchar('resolution', { length: 8 }),
  },
  (table) => [
    uniqueIndex('incidents_unresolved_unique')
      .on(
        table.rule,
        sql`coalesce(${table.stationId}, 0)`,
        sql`coalesce(${table.connectorId}, -1)`,
        sql`coalesce(${table.chargeId}, 0)`,
      )
      .where(sql`${table.resolvedAt} is null`),
    // The list: newest last seen first, and by each filter the screen offers.
    index('incidents_last_seen_idx').on(table.lastSeenAt, table.id),
    index('incidents_status_idx').on(table.status, table.lastSeenAt, table.id),
    index('incidents_station_idx').on(table.stationId, table.lastSeenAt, table.id),
    index('incidents_merchant_idx').on(table.merchantId, table.lastSeenAt, table.id),
    index('incidents_assigned_idx').on(table.assignedTo, table.lastSeenAt, table.id),
    check('incidents_status_check', sql`${table.status} in ('open', 'acknowledged', 'resolved')`),
    check('incidents_severity_check', sql`${table.severity} in ('critical', 'warning', 'info')`),
    check('incidents_resolution_check', sql`${table.resolution} in ('manual', 'cleared')`),
    check('incidents_resolved_check', sql`(${table.status} = 'resolved') = (${table.resolvedAt} is not null)`),
  ],
);

/** What happened to each incident, appended in the transaction of each change (notifications read it by cursor). */
export const incidentEvents = pgTable(
  'incident_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 14 }).notNull(),
    /** Null: the system. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('incident_events_incident_idx').on(table.incidentId, table.id),
    check(
      'incident_events_event_check',
      sql`${table.event} in ('opened', 'repeated', 'acknowledged', 'assigned', 'resolved')`,
    ),
  ],
);

/**
 * Each piece of evidence a rule has acted on once (a connector's Faulted report, a station's silence since a time, a
 * refused start...), so that every process hearing the same event, and every sweep reading the same rows, folds it into
 * its incident once. Kept two days.
 */
export const alertSignals = pgTable(
  'alert_signals',
  {
    key: varchar('key', { length: 160 }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('alert_signals_created_idx').on(table.createdAt)],
);
