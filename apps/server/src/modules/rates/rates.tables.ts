import { sql } from 'drizzle-orm';
import {
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
import { connectorTypes } from '../connectors';
import { merchants } from '../merchants';
import { searchIndex } from '../../platform/list-versions.tables';
import { tyiyn } from '../../platform/money-columns';

/**
 * Rates (tariffs): the price of charging at one connector type, either the network's default for the type (or one
 * merchant's default for its stations: merchant_id), or a personal one. status: 0 active, 1 inactive; new rates start
 * inactive so that they can still be edited. The price itself lives in rate_versions: a rate has no price of its own.
 */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    rateType: varchar('rate_type', { length: 10 }).notNull(),
    typo: varchar('typo', { length: 32 })
      .notNull()
      .references(() => connectorTypes.key),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rates_rate_type_check', sql`${table.rateType} in ('personal', 'default')`),
    check('rates_merchant_default_check', sql`${table.merchantId} is null or ${table.rateType} = 'default'`),
    // The database itself keeps one active default rate per connector type (the network's, and each merchant's), even
    // under concurrent requests.
    uniqueIndex('rates_one_active_default_idx')
      .on(table.typo, sql`coalesce(${table.merchantId}, 0)`)
      .where(sql`${table.rateType} = 'default' and ${table.status} = 0`),
    index('rates_typo_idx').on(table.typo),
    index('rates_status_idx').on(table.status),
    index('rates_merchant_idx')
      .on(table.merchantId)
      .where(sql`${table.merchantId} is not null`),
    searchIndex('rates_name_trgm_idx', table.name),
  ],
);

/**
 * A rate's price from effective_from until the next version's (docs/product/rates.md#3-records). Only appended to: a
 * price change is a new version, so that a charge is priced by the versions in force while it ran. Money in tyiyn;
 * periods as the API takes them but with tyiyn prices (TStoredPeriod, pricing.ts).
 */
export const rateVersions = pgTable(
  'rate_versions',
  {
    id: serial('id').primaryKey(),
    rateId: integer('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    energyFee: tyiyn('energy_fee').notNull(),
    timeFee: tyiyn('time_fee')
      .notNull()
      .default(sql`0`),
    idleFee: tyiyn('idle_fee')
      .notNull()
      .default(sql`0`),
    idleGraceMinutes: smallint('idle_grace_minutes').notNull().default(0),
    sessionFee: tyiyn('session_fee')
      .notNull()
      .default(sql`0`),
    minCost: tyiyn('min_cost'),
    maxCost: tyiyn('max_cost'),
    periods: jsonb('periods').notNull().default([]),
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'rate_versions_money_check',
      sql`${table.energyFee} >= 0 and ${table.timeFee} >= 0 and ${table.idleFee} >= 0 and ${table.sessionFee} >= 0 and coalesce(${table.minCost}, 0) >= 0 and coalesce(${table.maxCost}, 0) >= 0 and (${table.minCost} is null or ${table.maxCost} is null or ${table.minCost} <= ${table.maxCost})`,
    ),
    check('rate_versions_grace_check', sql`${table.idleGraceMinutes} between 0 and 1440`),
    index('rate_versions_rate_idx').on(table.rateId, table.effectiveFrom, table.id),
  ],
);
