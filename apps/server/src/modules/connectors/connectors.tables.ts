import { check, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Connector types the network uses: reference data written at start from connector-types.data.ts, so that rates and
 * stations can reference a type by key with a foreign key.
 */
export const connectorTypes = pgTable(
  'connector_types',
  {
    key: varchar('key', { length: 32 }).primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    current: varchar('current', { length: 2 }).notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (table) => [check('connector_types_current_check', sql`${table.current} in ('AC', 'DC')`)],
);
