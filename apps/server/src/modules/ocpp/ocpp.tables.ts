import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';
import { stations } from '../stations';

/**
 * What a station's charge point told the central system about itself (OCPP 1.6 BootNotification, Heartbeat), one row
 * per station that ever connected. `connected_at` is set while a websocket is open on some process and cleared when it
 * closes; a station is online while its last heartbeat is younger than three heartbeat intervals (derived at read time).
 */
export const chargePoints = pgTable('charge_points', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  vendor: varchar('vendor', { length: 20 }),
  model: varchar('model', { length: 20 }),
  serialNumber: varchar('serial_number', { length: 25 }),
  firmwareVersion: varchar('firmware_version', { length: 50 }),
  heartbeatIntervalS: integer('heartbeat_interval_s').notNull().default(300),
  bootedAt: timestamp('booted_at', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  /** The process holding its websocket (a random id per process), so that a closing process clears only its own. */
  connectedProcess: varchar('connected_process', { length: 36 }),
});

/**
 * The last StatusNotification of each connector (OCPP connectorId; 0 is the whole station), with its error kept.
 */
export const chargePointConnectors = pgTable(
  'charge_point_connectors',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    connectorId: smallint('connector_id').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    errorCode: varchar('error_code', { length: 32 }).notNull().default('NoError'),
    info: varchar('info', { length: 50 }),
    vendorErrorCode: varchar('vendor_error_code', { length: 50 }),
    /** Live power and the meter of the session running on it, from MeterValues. */
    powerW: integer('power_w'),
    meterWh: bigint('meter_wh', { mode: 'number' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.stationId, table.connectorId] })],
);

/**
 * Every command sent to a charge point (docs/design.md#10-charge-points-ocpp-16j): who, when, what, the answer, the time taken. status:
 * accepted (the charge point answered and said Accepted, or answered a call without a status), rejected (it answered
 * otherwise), timeout, not_connected, failed (an OCPP error answer).
 */
export const chargePointCommands = pgTable(
  'charge_point_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 32 }).notNull(),
    request: jsonb('request').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (table) => [
    index('charge_point_commands_station_idx').on(table.stationId, table.createdAt, table.id),
    check(
      'charge_point_commands_status_check',
      sql`${table.status} in ('accepted', 'rejected', 'timeout', 'not_connected', 'failed')`,
    ),
  ],
);
