import { bigint, bigserial, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';
import { stations } from '../stations';

/**
 * Firmware files uploaded by staff for charge points (docs/product/ocpp.md#3-records). The bytes are in the private
 * storage (`path`); charge points fetch them from signed, expiring URLs ending with `file_name`.
 */
export const firmwareFiles = pgTable(
  'charge_point_firmware_files',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 100 }).notNull(),
    version: varchar('version', { length: 50 }),
    path: varchar('path', { length: 200 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('charge_point_firmware_files_created_idx').on(table.createdAt, table.id)],
);

/** Diagnostics files charge points uploaded to their signed locations, kept per station. */
export const diagnosticsFiles = pgTable(
  'charge_point_diagnostics_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 100 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('charge_point_diagnostics_files_station_idx').on(table.stationId, table.createdAt, table.id)],
);

/**
 * Each station's firmware and diagnostics progress: the last FirmwareStatusNotification and
 * DiagnosticsStatusNotification (status and when), and the last UpdateFirmware and GetDiagnostics sent to it.
 */
export const firmwareProgress = pgTable('charge_point_firmware_progress', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  firmwareStatus: varchar('firmware_status', { length: 20 }),
  firmwareStatusAt: timestamp('firmware_status_at', { withTimezone: true }),
  requestedFirmwareId: integer('requested_firmware_id').references(() => firmwareFiles.id, { onDelete: 'set null' }),
  firmwareRequestedAt: timestamp('firmware_requested_at', { withTimezone: true }),
  retrieveDate: timestamp('retrieve_date', { withTimezone: true }),
  diagnosticsStatus: varchar('diagnostics_status', { length: 20 }),
  diagnosticsStatusAt: timestamp('diagnostics_status_at', { withTimezone: true }),
  diagnosticsRequestedAt: timestamp('diagnostics_requested_at', { withTimezone: true }),
});
