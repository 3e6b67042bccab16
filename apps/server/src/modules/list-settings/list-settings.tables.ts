import { integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { TListSettingsBody } from '@zaryad/contracts';
import { accounts } from '../accounts';

/**
 * One row per account and list it arranged (docs/product/accounts.md#10-list-settings): the columns' order and
 * visibility and the density, as the contract's body (`ZListSettingsBody`). A list without a row shows its defaults.
 */
export const listSettings = pgTable(
  'list_settings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    list: varchar('list', { length: 64 }).notNull(),
    settings: jsonb('settings').$type<TListSettingsBody>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.list] })],
);
