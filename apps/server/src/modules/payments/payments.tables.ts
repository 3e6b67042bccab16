import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { REASON_MAX } from '@zaryad/contracts/payments';
import { tyiyn } from '../../platform/money-columns';
import { accounts } from '../accounts';
import { appUsers, balanceEntries } from '../users';

/**
 * A driver's card payment through the payment provider (docs/product/payments.md#3-records). order_id is ours (the
 * provider's pg_order_id), provider_payment_id the provider's (pg_payment_id). A paid payment has exactly one top-up
 * entry in the ledger (its entry_id, and the ledger's unique index on payment_id); refunded is what went back to the
 * card since, each refund a row of card_refunds and a debit of the ledger.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull().default('top_up'),
    orderId: varchar('order_id', { length: 40 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 64 }),
    amount: tyiyn('amount').notNull(),
    refunded: tyiyn('refunded')
      .notNull()
      .default(sql`0`),
    status: varchar('status', { length: 10 }).notNull().default('created'),
    redirectUrl: text('redirect_url').notNull().default(''),
    card: varchar('card', { length: 40 }).notNull().default(''),
    failure: varchar('failure', { length: 500 }).notNull().default(''),
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    /** A top-up that asked the provider to keep its card for automatic top-ups (pg_recurring_start). */
    saveCard: boolean('save_card').notNull().default(false),
    /** An automatic top-up's saved card. */
    cardId: bigint('card_id', { mode: 'number' }).references((): AnyPgColumn => savedCards.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => balanceEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('card_payments_order_unique').on(table.orderId),
    uniqueIndex('card_payments_provider_id_unique')
      .on(table.provider, table.providerPaymentId)
      .where(sql`${table.providerPaymentId} is not null`),
    uniqueIndex('card_payments_idempotency_unique')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('card_payments_created_idx').on(table.createdAt, table.id),
    index('card_payments_user_idx').on(table.userId, table.createdAt, table.id),
    index('card_payments_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('created', 'pending')`),
    check('card_payments_amount_check', sql`${table.amount} > 0`),
    check('card_payments_refunded_check', sql`${table.refunded} >= 0 and ${table.refunded} <= ${table.amount}`),
    check('card_payments_status_check', sql`${table.status} in ('created', 'pending', 'paid', 'failed', 'expired')`),
    check('card_payments_kind_check', sql`${table.kind} in ('top_up', 'auto_top_up')`),
    check('card_payments_paid_check', sql`(${table.status} = 'paid') = (${table.entryId} is not null)`),
    check('card_payments_auto_card_check', sql`(${table.kind} = 'auto_top_up') = (${table.cardId} is not null)`),
    // At most one automatic top-up of a driver is on its way at a time, whoever starts it.
    uniqueIndex('card_payments_auto_open_unique')
      .on(table.userId)
      .where(sql`${table.kind} = 'auto_top_up' and ${table.status} in ('created', 'pending')`),
  ],
);

/**
 * A driver's card kept by the provider for automatic top-ups (its recurring profile, pg_recurring_profile_id), made by
 * a paid top-up that asked for it. Only the server can charge it; removing it ends its automatic top-ups.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    profileId: varchar('profile_id', { length: 64 }).notNull(),
    card: varchar('card', { length: 40 }).notNull().default(''),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The paid top-up that saved it. */
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('saved_cards_profile_unique').on(table.provider, table.profileId),
    index('saved_cards_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A driver's automatic top-up: when the available balance (balance − holds) is below threshold, amount is charged to
 * the saved card (docs/product/payments.md#automatic-top-up). failures counts those that failed in a row; at
 * AUTO_TOP_UP_FAILURES_MAX it stops (stopped 'card_failed') until the driver turns it on again.
 */
export const autoTopUps = pgTable(
  'auto_top_ups',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => appUsers.id),
    enabled: boolean('enabled').notNull().default(false),
    cardId: bigint('card_id', { mode: 'number' }).references(() => savedCards.id),
    threshold: tyiyn('threshold').notNull(),
    amount: tyiyn('amount').notNull(),
    failures: integer('failures').notNull().default(0),
    stopped: varchar('stopped', { length: 20 }),
    /** The last automatic top-up started: the next waits a pause after it (AUTO_TOP_UP_PAUSE_S). */
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auto_top_ups_enabled_idx')
      .on(table.userId)
      .where(sql`${table.enabled}`),
    check('auto_top_ups_threshold_check', sql`${table.threshold} >= 0`),
    check('auto_top_ups_amount_check', sql`${table.amount} > 0`),
    check('auto_top_ups_card_check', sql`not ${table.enabled} or ${table.cardId} is not null`),
    check('auto_top_ups_stopped_check', sql`${table.stopped} is null or ${table.stopped} in ('card_failed', 'card_removed')`),
  ],
);

/** A refund of a card payment back to the card: the provider accepted it, and the ledger's debit took it from the balance. */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => cardPayments.id),
    amount: tyiyn('amount').notNull(),
    reason: varchar('reason', { length: REASON_MAX }).notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => balanceEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('card_refunds_payment_idx').on(table.paymentId, table.createdAt),
    check('card_refunds_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * What the provider said and what we answered, in order: every init, callback (signed or not, known order or not),
 * status check and refund. Finance reads a payment's story here; nothing is changed by a row of it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => cardPayments.id),
    orderId: varchar('order_id', { length: 64 }).notNull().default(''),
    kind: varchar('kind', { length: 10 }).notNull(),
    valid: boolean('valid').notNull().default(true),
    body: jsonb('body').notNull(),
    answer: text('answer').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_events_payment_idx').on(table.paymentId, table.createdAt),
    check('payment_events_kind_check', sql`${table.kind} in ('init', 'callback', 'status', 'refund', 'check')`),
  ],
);
