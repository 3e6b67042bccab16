import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';

/** One row per account that changed its settings; an account without a row uses the defaults of settings.service.ts. */
export const accountSettings = pgTable('account_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  language: varchar('language', { length: 2 }).notNull(),
  timeZone: varchar('time_zone', { length: 64 }).notNull(),
  dateFormat: varchar('date_format', { length: 20 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
