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
