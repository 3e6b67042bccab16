import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { USER_LIMITS } from '@zaryad/contracts';
import { searchIndex } from '../../platform/list-versions.tables';
import { accounts } from '../accounts';
import { tyiyn } from '../../platform/money-columns';

/**
 * App users: the drivers of the mobile app. status: 0 active, 1 blocked. phone holds the 12 digits only.
 * balance is written only by the ledger's trigger (`src/db/routines/ledger.sql`): an entry inserted into `balance_entries` moves it,
 * and the database refuses any other change of it, so that a balance always equals the sum of its entries.
 */
export const appUsers = pgTable(
  'app_users',
  {
    id: serial('id').primaryKey(),
    personalAccount: varchar('personal_account', { length: USER_LIMITS.personalAccount }).notNull(),
    name: varchar('name', { length: USER_LIMITS.name }).notNull(),
    phone: varchar('phone', { length: 12 }).notNull(),
    email: varchar('email', { length: USER_LIMITS.email }).notNull().default(''),
    gender: varchar('gender', { length: 6 }),
    birthday: date('birthday', { mode: 'string' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    carMake: varchar('car_make', { length: USER_LIMITS.carMake }).notNull().default(''),
    carModel: varchar('car_model', { length: USER_LIMITS.carModel }).notNull().default(''),
    carYear: smallint('car_year'),
    carColor: varchar('car_color', { length: USER_LIMITS.carColor }).notNull().default(''),
    driverLicence: varchar('driver_licence', { length: USER_LIMITS.driverLicence }).notNull().default(''),
    balance: tyiyn('balance')
      .notNull()
      .default(sql`0`),
    status: smallint('status').notNull().default(0),
    /** The language the driver chose in the app (ru, en, ky): their SMS and the app's content. */
    language: varchar('language', { length: 2 }).notNull().default('ru'),
    referralCode: varchar('referral_code', { length: USER_LIMITS.referralCode }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads: name, email and personal account lower-cased once, when written, and joined by
     * \u0001 (no search holds it). `search_text LIKE lower(pattern)` is what `ILIKE` on each column does (PostgreSQL's
     * ILIKE lower-cases both sides under the same collation), at a byte-wise match per row instead of three
     * lower-casings of Cyrillic text: the full-name search's page went from 9.9 to 2.7 ms on a million users.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name::text) || chr(1) || lower(email::text) || chr(1) || lower(personal_account::text)`,
      ),
  },
  (table) => [
    uniqueIndex('app_users_personal_account_unique').on(table.personalAccount),
    uniqueIndex('app_users_phone_unique').on(table.phone),
    uniqueIndex('app_users_referral_code_unique').on(table.referralCode),
    check('app_users_gender_check', sql`${table.gender} in ('male', 'female')`),
    check('app_users_status_check', sql`${table.status} in (0, 1)`),
    // The list: newest registrations first (an ascending index read backwards), each filter with the same order behind it.
    index('app_users_registered_idx').on(table.registeredAt, table.id),
    index('app_users_status_idx').on(table.status, table.registeredAt, table.id),
    index('app_users_gender_idx').on(table.gender, table.registeredAt, table.id),
    index('app_users_balance_idx').on(table.balance),
    searchIndex('app_users_search_trgm_idx', table.searchText),
    searchIndex('app_users_phone_trgm_idx', table.phone),
    // The global search's exact and prefix reads of a name (modules/search): a range over lower(name).
    index('app_users_name_lower_idx').on(sql`lower(${table.name})`),
  ],
);

/** The RFID cards and app tokens a charge point sends as idTag; each belongs to one user only. */
export const userIdTags = pgTable(
  'user_id_tags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    idTag: varchar('id_tag', { length: USER_LIMITS.idTag }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_id_tags_id_tag_unique').on(table.idTag),
    index('user_id_tags_user_idx').on(table.userId),
    check('user_id_tags_kind_check', sql`${table.kind} in ('rfid', 'app')`),
  ],
);

/**
 * The balance ledger, append-only: the database refuses UPDATE, DELETE and TRUNCATE (`src/db/routines/ledger.sql`). credit adds to
 * the balance, debit takes from it, exactly one of them is above 0. deposit, the balance after the entry, is set by the
 * insert trigger under the user's row lock, which moves `app_users.balance` in the same statement: concurrent entries
 * of one user queue on that lock and none is lost. charge_id is the charge paid or refunded (charges come later and
 * reference this table, not the other way round).
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    basis: varchar('basis', { length: 20 }).notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    debit: tyiyn('debit')
      .notNull()
      .default(sql`0`),
    credit: tyiyn('credit')
      .notNull()
      .default(sql`0`),
    deposit: tyiyn('deposit')
      .notNull()
      .default(sql`0`),
    comment: varchar('comment', { length: USER_LIMITS.comment }).notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    chargeId: bigint('charge_id', { mode: 'number' }),
    userBlocked: boolean('user_blocked').notNull().default(false),
    /** The card payment this entry moved (modules/payments): its top-up (once: the unique index) or a refund to the card. */
    paymentId: bigint('payment_id', { mode: 'number' }),
  },
  (table) => [
    check(
      'balance_entries_amount_check',
      sql`(${table.debit} > 0 and ${table.credit} = 0) or (${table.credit} > 0 and ${table.debit} = 0)`,
    ),
    check(
      'balance_entries_basis_check',
      sql`${table.basis} in ('top_up', 'charge_payment', 'refund', 'promotion_bonus', 'referral_bonus', 'correction')`,
    ),
    check(
      'balance_entries_method_check',
      sql`${table.method} in ('cash', 'other_card', 'personal_balance', 'promotion')`,
    ),
    // The statement: newest first (indexes read backwards), of everyone or one user, each filter with the order behind it.
    index('balance_entries_created_idx').on(table.createdAt, table.id),
    index('balance_entries_user_idx').on(table.userId, table.createdAt, table.id),
    index('balance_entries_basis_idx').on(table.basis, table.createdAt, table.id),
    index('balance_entries_method_idx').on(table.method, table.createdAt, table.id),
    index('balance_entries_charge_idx').on(table.chargeId),
    // A card payment credits the balance once, whatever arrives twice: the database refuses a second top-up of it.
    uniqueIndex('balance_entries_payment_top_up_unique')
      .on(table.paymentId)
      .where(sql`${table.basis} = 'top_up' and ${table.paymentId} is not null`),
  ],
);

/**
 * Top-ups already answered, by their `Idempotency-Key` (Stripe's model): the same key with the same request answers
 * the first result again and adds nothing; with another request it is a 409. fingerprint is the user and the body.
 */
export const topUpRequests = pgTable('top_up_requests', {
  key: varchar('key', { length: USER_LIMITS.idempotencyKey }).primaryKey(),
  fingerprint: varchar('fingerprint', { length: 200 }).notNull(),
  entryId: bigint('entry_id', { mode: 'number' })
    .notNull()
    .references(() => balanceEntries.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Exact counts and sums of the ledger by Bishkek day, basis, method and shard (user_id % 16), kept by the ledger's
 * insert trigger in the entry's own transaction (`src/db/routines/ledger.sql`). The all-users statement takes its total from here
 * and the totals line its sums, instead of counting millions of entries. The shard spreads concurrent entries of
 * different users over 16 rows, so that they do not queue on one counter row until commit; readers sum the shards.
 */
export const balanceEntryTotals = pgTable(
  'balance_entry_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    basis: varchar('basis', { length: 20 }).notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    shard: smallint('shard').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    debit: tyiyn('debit').notNull(),
    credit: tyiyn('credit').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.basis, table.method, table.shard] })],
);

/**
 * A driver's sign-in on one device (docs/product/app-api.md#sign-in): the app's refresh token (only its sha256), the
 * device it came from (platform and app version from the app's headers, the push token it registered), and when it
 * was last used. A refresh rotates the token and keeps the one before: that one used again means two holders of one
 * token, and the sign-in ends. The dashboard's user screen lists these as the driver's devices. Written by the drivers' API
 * (modules/drivers), kept here beside the user it belongs to.
 */
export const appSessions = pgTable(
  'app_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    refreshHash: char('refresh_hash', { length: 64 }).notNull(),
    previousHash: char('previous_hash', { length: 64 }),
    platform: varchar('platform', { length: 10 }),
    appVersion: varchar('app_version', { length: 20 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    pushProvider: varchar('push_provider', { length: 4 }),
    pushToken: text('push_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('app_sessions_user_idx').on(table.userId, table.createdAt),
    index('app_sessions_refresh_idx').on(table.refreshHash),
    index('app_sessions_previous_idx').on(table.previousHash),
    check('app_sessions_platform_check', sql`${table.platform} in ('ios', 'android', 'web')`),
    check('app_sessions_push_check', sql`${table.pushProvider} in ('fcm', 'apns')`),
  ],
);

/**
 * The hold a running charge paid from the balance keeps on it (docs/product/payments.md#holds): placed at the start
 * under the driver's row lock (never more than the balance less the driver's other holds), raised by the holds job as
 * the cost so far approaches it, released at the finish in the same transaction as the charge's debit. A driver's
 * available balance is the balance less the amounts of their holds not released. stop_requested_at: the holds job
 * could not raise it and asked the charge point to stop (the charge then ends `closed_by: balance`). Kept here beside the
 * balance it holds; charge_id names the charge (charges come later and reference the users' tables, not the other way).
 */
export const chargeHolds = pgTable(
  'charge_holds',
  {
    chargeId: bigint('charge_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id),
    amount: tyiyn('amount').notNull(),
    rises: integer('rises').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    index('charge_holds_open_idx')
      .on(table.userId)
      .where(sql`${table.releasedAt} is null`),
    check('charge_holds_amount_check', sql`${table.amount} >= 0`),
  ],
);
