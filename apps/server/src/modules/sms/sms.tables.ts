import { bigserial, check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every SMS the server sends (docs/product/app-api.md#sms), kept whatever delivers it: without SMS_GATEWAY_URL this
 * table is the delivery (status kept, the text in full: a network trying Zaryad out reads its codes here); with a
 * gateway the text is stored with the code masked, and status says what the gateway answered.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    phone: varchar('phone', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    text: text('text').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    error: text('error').notNull().default(''),
  },
  (table) => [
    index('sms_outbox_created_idx').on(table.createdAt, table.id),
    index('sms_outbox_phone_idx').on(table.phone, table.createdAt),
    check('sms_outbox_status_check', sql`${table.status} in ('kept', 'sent', 'failed')`),
  ],
);
