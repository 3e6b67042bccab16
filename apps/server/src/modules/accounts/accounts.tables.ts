import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { searchIndex } from '../../platform/list-versions.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Dashboard roles. The built-in ones are written by the reference seed (roles.seed.ts) and read-only through the API;
 * custom ones are made on the roles screen. The permissions sit on the row itself: the authentication query that already
 * joins the account's role reads them on every request, so a changed role counts from the next request on.
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  isBuiltIn: boolean('is_built_in').notNull().default(false),
  /** Permission keys of the catalogue (packages/contracts/src/permissions.ts); unknown keys are ignored when read. */
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

/** Dashboard accounts. status: 0 active, 1 blocked. Emails are stored lower-case. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    position: varchar('position', { length: 100 }).notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    status: smallint('status').notNull().default(0),
    passwordHash: text('password_hash').notNull(),
    createdById: integer('created_by_id').references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_status_idx').on(table.status),
    index('accounts_created_at_idx').on(table.createdAt),
    searchIndex('accounts_first_name_trgm_idx', table.firstName),
    searchIndex('accounts_last_name_trgm_idx', table.lastName),
    searchIndex('accounts_email_trgm_idx', table.email),
    searchIndex('accounts_phone_trgm_idx', table.phone),
  ],
);

/**
 * One sign-in (a device): its id is the refresh token family and the `sid` of its access tokens, so that ending it ends
 * both at once; `sessions.authenticate` reads it in the same query as the account. It lives until `expires_at` (30 days
 * with "remember me", a day without: refreshing does not extend it) or until it is ended (`ended_at`: logout, a
 * password change, a block, a role change, or the account ending it from its session list).
 */
export const accountSessions = pgTable(
  'account_sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('account_sessions_account_idx').on(table.accountId)],
);

/**
 * Refresh tokens are opaque random strings; only their sha256 is stored. A token belongs to a family (one sign-in);
 * using an already used token revokes the whole family, since one of the two holders is a thief.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_account_idx').on(table.accountId),
  ],
);

/** One-time password recovery tokens (sha256 stored), valid for an hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_account_idx').on(table.accountId)],
);

/** Password recovery requests, known addresses or not, counted per address and per client (RESET_LIMIT_*). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('password_reset_requests_email_idx').on(table.email, table.createdAt),
    index('password_reset_requests_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Failed sign-ins, kept in the database so that the limit holds across server processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ip, table.createdAt),
    index('login_attempts_created_at_idx').on(table.createdAt),
  ],
);

