import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { searchIndex } from '../../platform/list-versions.tables';
import { tyiyn } from '../../platform/money-columns';
import { merchants } from '../merchants';
import { stations } from '../stations';
import { appUsers } from '../users';

/**
 * Promotions: a discount on charges finished within [starts_at, ends_at) and, each day, within the happy hours
 * (minutes after Bishkek midnight, [happy_start, happy_end), crossing midnight when the end is lower). status: 0
 * active, 1 inactive. ended_at: set by the end job once ends_at has passed (the list derives "ended" from ends_at too).
 * Exactly one of discount_percent and discount_amount.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    titleRu: varchar('title_ru', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    titleKy: varchar('title_ky', { length: 100 }).notNull(),
    imagePath: varchar('image_path', { length: 300 }).notNull(),
    initiator: varchar('initiator', { length: 16 }).notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    minChargeAmount: tyiyn('min_charge_amount')
      .notNull()
      .default(sql`0`),
    minChargesCount: smallint('min_charges_count').notNull().default(0),
    discountPercent: smallint('discount_percent'),
    discountAmount: tyiyn('discount_amount'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    happyStart: smallint('happy_start').notNull(),
    happyEnd: smallint('happy_end').notNull(),
    status: smallint('status').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promotions_initiator_check', sql`${table.initiator} in ('merchant', 'company', 'payment_system')`),
    check('promotions_period_check', sql`${table.startsAt} < ${table.endsAt}`),
    check(
      'promotions_discount_check',
      sql`(${table.discountPercent} is null) <> (${table.discountAmount} is null)
        and coalesce(${table.discountPercent}, 0) between 0 and 100
        and coalesce(${table.discountAmount}, 0) <= ${table.minChargeAmount}`,
    ),
    check(
      'promotions_happy_hours_check',
      sql`${table.happyStart} between 0 and 1439 and ${table.happyEnd} between 0 and 1439 and ${table.happyStart} <> ${table.happyEnd}`,
    ),
    index('promotions_ends_idx').on(table.endsAt, table.id),
    index('promotions_live_idx').on(table.status, table.startsAt, table.endsAt),
    index('promotions_merchant_idx').on(table.merchantId),
    index('promotions_end_job_idx')
      .on(table.endsAt)
      .where(sql`${table.endedAt} is null`),
    searchIndex('promotions_title_ru_trgm_idx', table.titleRu),
    searchIndex('promotions_title_en_trgm_idx', table.titleEn),
    searchIndex('promotions_title_ky_trgm_idx', table.titleKy),
  ],
);

/** The stations picked for a promotion (all of its merchant's, or the whole network's, when none). */
export const promotionStations = pgTable(
  'promotion_stations',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.stationId] }),
    index('promotion_stations_station_idx').on(table.stationId),
  ],
);

/**
 * One row per charge a promotion was applied to, written in the charge's finish transaction: what the report counts
 * and the explanation of the choice (`reason`). charge_id is the charge's id (charges come after promotions in the
 * domain graph, so no foreign key is declared here).
 */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    chargeId: bigint('charge_id', { mode: 'number' }).primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    stationId: integer('station_id').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull(),
    amount: tyiyn('amount').notNull(),
    discount: tyiyn('discount').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [index('promotion_uses_promotion_idx').on(table.promotionId, table.finishedAt)],
);

/**
 * Promo codes of a promotion, issued and redeemed by modules/promo-codes but kept here: they decide who may get the
 * promotion (one with codes is reached by code only, promotions.chooser.ts). `uses` counts the redemptions (kept in
 * the redemption's transaction, under the code's row lock, so that the limits hold under concurrent redemptions).
 * deactivated_at: switched off by an operator.
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

/**
 * Each use of a code: by whom, when, and the charge that got the code's promotion. charge_id is the charge in progress
 * the redemption named, or null until the user's next finishing charge that the promotion wins takes it, in that
 * finish's transaction (promotions.chooser.ts); a named charge the promotion did not win lets go of it. Never deleted.
 * No foreign key on charge_id: charges come after promotions in the domain graph.
 */
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
  (table) => [
    index('promo_code_redemptions_code_user_idx').on(table.codeId, table.userId),
    // A finishing charge's redemptions: those naming it, and its user's waiting ones.
    index('promo_code_redemptions_charge_idx').on(table.chargeId),
    index('promo_code_redemptions_waiting_idx')
      .on(table.userId)
      .where(sql`${table.chargeId} is null`),
  ],
);
