import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';
import { merchants } from '../merchants';
import { stations } from '../stations';

/** A time window of a limit as kept: Bishkek time of day, HH:MM, and its limit in watts. */
export interface PowerWindowRow {
  from: string;
  to: string;
  limitW: number;
}

/** A period of a daily schedule: from `startPeriod` seconds after Bishkek midnight, at most `limit` W. */
export interface DailyPeriod {
  startPeriod: number;
  limit: number;
}

/**
 * Power limits (OCPP 1.6 Smart Charging; docs/product/ocpp.md#4-states-and-rules): a station's (its charge point's
 * ChargePointMaxProfile) or a merchant site's (shared by the charges running at its stations), one of the two. The
 * limit all day and windows of the day with their own.
 */
export const powerLimits = pgTable(
  'power_limits',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    limitW: integer('limit_w').notNull(),
    windows: jsonb('windows').$type<PowerWindowRow[]>().notNull().default([]),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('power_limits_station_idx').on(table.stationId),
    uniqueIndex('power_limits_merchant_idx').on(table.merchantId),
    check('power_limits_one_owner_check', sql`(${table.stationId} is null) <> (${table.merchantId} is null)`),
    check('power_limits_positive_check', sql`${table.limitW} > 0`),
  ],
);

/**
 * The share of its site's limit each running charge was last sent (its TxProfile): the daily schedule the charge point
 * holds, as far as the server knows (a share it did not accept is not written). Rows of charges no longer running go
 * at the site's next rebalance.
 */
export const powerShares = pgTable(
  'power_shares',
  {
    chargeId: bigint('charge_id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    stationId: integer('station_id').notNull(),
    connectorId: smallint('connector_id').notNull(),
    transactionId: integer('transaction_id').notNull(),
    periods: jsonb('periods').$type<DailyPeriod[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('power_shares_merchant_idx').on(table.merchantId)],
);
