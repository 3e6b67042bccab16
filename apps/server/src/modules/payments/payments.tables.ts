import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
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
