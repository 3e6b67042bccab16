import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { TSavedViewState } from '@zaryad/contracts';
import { accounts } from '../accounts';

/**
 * Saved views of the charges, users and statement lists (docs/product/search.md#saved-views): a named state (filters,
 * sort, columns) of one list, owned by the account that saved it, private or shared with every account. Deleting the
 * account deletes its views.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    list: varchar('list', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    shared: boolean('shared').notNull().default(false),
    state: jsonb('state').$type<TSavedViewState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('saved_views_list_check', sql`${table.list} in ('charges', 'users', 'statement')`),
    // A list's views: the account's own, and the shared ones of everyone.
    index('saved_views_account_idx').on(table.accountId, table.list),
    index('saved_views_shared_idx')
      .on(table.list)
      .where(sql`${table.shared}`),
  ],
);
