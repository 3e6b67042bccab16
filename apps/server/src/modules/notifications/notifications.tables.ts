import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An account's notification preferences (docs/product/notifications.md). No row: every rule, every merchant, no quiet
 * hours, in the app only. `language` is the one of the last save (e-mails and Telegram are written in it).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  rules: text('rules').array().notNull(),
  /** null: every merchant. */
  merchantIds: integer('merchant_ids').array(),
  /** Bishkek minutes of the day; both null: no quiet hours. */
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
  channels: text('channels').array().notNull(),
  language: varchar('language', { length: 2 }).notNull().default('ru'),
  telegramChatId: varchar('telegram_chat_id', { length: 32 }),
  /** The one-time code of `/start <code>`, until it is used or expires. */
  telegramCode: varchar('telegram_code', { length: 32 }).unique(),
  telegramCodeExpiresAt: timestamp('telegram_code_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** In-app notifications: the bell's list, one row per account and incident event. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The incident event it tells of (null for none); unique per account, so that a fan-out repeated adds nothing. */
    eventId: bigint('event_id', { mode: 'number' }),
    incidentId: integer('incident_id'),
    rule: varchar('rule', { length: 40 }).notNull(),
    event: varchar('event', { length: 20 }).notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    /** What the incident was about when it was told: station, connector, charge, merchant, details (fan-out.ts). */
    payload: jsonb('payload').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_account_idx').on(table.accountId, table.id),
    index('notifications_unread_idx')
      .on(table.accountId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_event_account_idx').on(table.eventId, table.accountId),
  ],
);

/** Outgoing webhooks of the network (alerts.manage): each enabled one receives the events of its rules, signed. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  url: varchar('url', { length: 2000 }).notNull(),
  secret: varchar('secret', { length: 200 }).notNull(),
  rules: text('rules').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable queue: one row per recipient and channel (email, telegram) or per webhook. The delivery worker claims
 * due pending rows with FOR UPDATE SKIP LOCKED, sends, and marks them sent, or pending again with the next attempt
 * after an exponential backoff, or failed after the last attempt. The webhook rows are also its delivery log.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 10 }).notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The incident event (null for a webhook's test). */
    eventId: bigint('event_id', { mode: 'number' }),
    /** `incident.opened`, ... or `test`. */
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('notification_deliveries_webhook_idx').on(table.webhookId, table.id),
    uniqueIndex('notification_deliveries_account_event_idx').on(table.eventId, table.channel, table.accountId),
    uniqueIndex('notification_deliveries_webhook_event_idx').on(table.eventId, table.webhookId),
  ],
);

/** Positions of the domain's readers: `incident_events` (the fan-out) and the Telegram bot's getUpdates offset. */
export const notificationCursors = pgTable('notification_cursors', {
  name: varchar('name', { length: 40 }).primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
});
