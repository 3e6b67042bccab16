import { pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every mail the server sends. Without SMTP_URL this is where mails go (and to the log). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  recipient: varchar('recipient', { length: 254 }).notNull(),
  subject: varchar('subject', { length: 300 }).notNull(),
  text: text('text').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
