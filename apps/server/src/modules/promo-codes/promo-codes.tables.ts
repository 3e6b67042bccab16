import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { searchIndex } from '../../platform/list-versions.tables';
import { promotions } from '../promotions';
import { appUsers } from '../users';

/**
 * Promo codes of a promotion: `uses` counts the redemptions (kept in the redemption's transaction, under the code's
 * row lock, so that the limits hold under concurrent redemptions). deactivated_at: switched off by an operator.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull().unique('promo_codes_code_unique'),
    totalLimit: integer('total_limit').notNull(),
    perUserLimit: integer('per_user_limit').notNull(),
    uses: integer('uses').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promo_codes_uses_check', sql`${table.uses} between 0 and ${table.totalLimit}`),
    check('promo_codes_period_check', sql`${table.validFrom} < ${table.validUntil}`),
    index('promo_codes_promotion_idx').on(table.promotionId, table.id),
    searchIndex('promo_codes_code_trgm_idx', table.code),
  ],
);

/** Each use of a code: by whom, when, and on which charge once the app sends it. Append-only. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    chargeId: bigint('charge_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('promo_code_redemptions_code_user_idx').on(table.codeId, table.userId)],
);
