import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appUsers } from '../users';

/**
 * One-time sign-in codes: only a hash of the phone and the code is kept; a code lives OTP.ttlSeconds, is used once and
 * dies after OTP.maxAttempts wrong guesses. Rows also count the codes sent per number and per client for the limits;
 * rows older than a day are dropped by the daily job.
 */
export const appOtpCodes = pgTable(
  'app_otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 12 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('app_otp_codes_phone_idx').on(table.phone, table.createdAt),
    index('app_otp_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * A driver's start of a charge from the app (docs/product/app-api.md#charging), from the call until the charge point's
 * StartTransaction makes the charge: at most one open start per connector (the partial unique index), so that of two
 * drivers starting one connector at once one wins. A start is open while `pending` (RemoteStart sent) or `accepted`
 * (the charge point said yes, its StartTransaction not yet here) and younger than START_OPEN_S; then it is history.
 */
export const appChargeStarts = pgTable(
  'app_charge_starts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').notNull(),
    connectorOcppId: integer('connector_ocpp_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending, accepted, rejected, timeout, not_connected, failed, charging, expired. */
    outcome: varchar('outcome', { length: 14 }).notNull().default('pending'),
    chargeId: integer('charge_id'),
  },
  (table) => [
    uniqueIndex('app_charge_starts_open_unique')
      .on(table.stationId, table.connectorOcppId)
      .where(sql`${table.outcome} in ('pending', 'accepted')`),
    index('app_charge_starts_user_idx').on(table.userId, table.createdAt),
  ],
);
