import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { connectorTypes } from '../connectors';
import { searchIndex } from '../../platform/list-versions.tables';

/**
 * Rates (tariffs): a price per kWh in som for one connector type, either the network's default for the type or a
 * personal one. status: 0 active, 1 inactive; new rates start inactive so that they can still be edited.
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
    fee: numeric('fee', { precision: 7, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rates_rate_type_check', sql`${table.rateType} in ('personal', 'default')`),
    check('rates_fee_check', sql`${table.fee} >= 0`),
    // The database itself keeps one active default rate per connector type, even under concurrent requests.
    uniqueIndex('rates_one_active_default_idx')
      .on(table.typo)
      .where(sql`${table.rateType} = 'default' and ${table.status} = 0`),
    index('rates_typo_idx').on(table.typo),
    index('rates_status_idx').on(table.status),
    searchIndex('rates_name_trgm_idx', table.name),
  ],
);
