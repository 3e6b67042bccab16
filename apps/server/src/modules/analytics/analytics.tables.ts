import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';
import { tyiyn } from '../../platform/money-columns';

/**
 * The dashboard's rollups (README.md here). Every one is written by the statement triggers on `charges` of this
 * domain's migration, in the transaction that ends a charge (finishCharge's update, the seed's batch insert), and
 * recomputed from the charges by `rebuildAnalytics` (`npm run analytics:rebuild`). A charge counts at its finish, in
 * the Bishkek hour, day, ISO week, month and year of `finished_at`. Hours are Bishkek wall-clock times (UTC+6, no
 * daylight saving) kept as `timestamp without time zone`, so that a day, a weekday or an hour of day is read directly.
 */
const measures = {
  /** Charges that delivered (finished or stopped). */
  charges: integer('charges').notNull().default(0),
  /** Charges that ended without delivering (canceled, not completed, unauthorized). */
  failed: integer('failed').notNull().default(0),
  energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
  /** Tyiyn: total_cost of the delivered charges (after the discount). */
  turnover: tyiyn('turnover')
    .notNull()
    .default(sql`0`),
  discount: tyiyn('discount')
    .notNull()
    .default(sql`0`),
  /** Seconds from start to finish of the delivered charges: the average session length's numerator. */
  durationS: bigint('duration_s', { mode: 'number' }).notNull().default(0),
};

/** Per station and Bishkek hour. */
export const analyticsStationHourly = pgTable(
  'analytics_station_hourly',
  { stationId: integer('station_id').notNull(), hour: timestamp('hour', { mode: 'string' }).notNull(), ...measures },
  (table) => [primaryKey({ columns: [table.stationId, table.hour] })],
);

/**
 * Per merchant and Bishkek hour, merchant 0 being the whole network: what the dashboard reads (a year is 8,784 rows at
 * most, whatever the number of stations or charges).
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  { merchantId: integer('merchant_id').notNull(), hour: timestamp('hour', { mode: 'string' }).notNull(), ...measures },
  (table) => [primaryKey({ columns: [table.merchantId, table.hour] })],
);

/**
 * The days a user was seen at a merchant (0: the network): `promo` false for a delivered charge, true for a delivered
 * charge with a promotion. One row per user, day and metric, with the first such finish of the day (Bishkek time): the
 * statement that adds a row, or moves its `first_at` earlier, is the one that raises the day's count, and the week's,
 * month's and year's when the key's range of that user holds no earlier finish in the period (the count then moves
 * from the hour of the finish counted before). Periods keep only their counts (analytics_period_hours).
 */
export const analyticsUserDays = pgTable(
  'analytics_user_days',
  {
    merchantId: integer('merchant_id').notNull(),
    promo: boolean('promo').notNull(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    firstAt: timestamp('first_at', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.promo, table.userId, table.day] })],
);

/**
 * The exact distinct counts of a period (`active` and `promo` users), split by the Bishkek hour of the user's first
 * finish within the period (`first_hour`): the period's users are the sum of its rows (at most 8,784), the users up to
 * a cut the sum of the rows before the cut's hour and those of the cut's partial hour that the user days show no earlier
 * finish of in the period (a period in progress is compared with the same elapsed part of the one before).
 */
export const analyticsPeriodHours = pgTable(
  'analytics_period_hours',
  {
    kind: varchar('kind', { length: 5 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    metric: varchar('metric', { length: 6 }).notNull(),
    firstHour: timestamp('first_hour', { mode: 'string' }).notNull(),
    users: integer('users').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.periodStart, table.merchantId, table.metric, table.firstHour] })],
);

/**
 * `new` users: per merchant, the users registered on a day (kind `year`, the registration's year; `first_day` = the
 * day) whose first delivered charge in the network was at that merchant (analytics_first_charges); merchant 0: every
 * registration.
 */
export const analyticsPeriodCounts = pgTable(
  'analytics_period_counts',
  {
    kind: varchar('kind', { length: 5 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    metric: varchar('metric', { length: 6 }).notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    users: integer('users').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.periodStart, table.merchantId, table.metric, table.firstDay] })],
);

/**
 * A user's first delivered charge in the network (Bishkek time) and the merchant it was at (the smaller merchant id of
 * two finished at the same instant): the merchant that brought the user, whose `new` users count them.
 */
export const analyticsFirstCharges = pgTable(
  'analytics_first_charges',
  {
    userId: integer('user_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    firstAt: timestamp('first_at', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);

/** News posted by operators, in ru, en and ky, shown on the dashboard's timeline on its date. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    titleRu: varchar('title_ru', { length: 200 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    titleKy: varchar('title_ky', { length: 200 }).notNull(),
    textRu: text('text_ru').notNull().default(''),
    textEn: text('text_en').notNull().default(''),
    textKy: text('text_ky').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    authorId: integer('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('news_titles_check', sql`${table.titleRu} <> '' and ${table.titleEn} <> '' and ${table.titleKy} <> ''`),
    index('news_date_idx').on(table.date, table.id),
  ],
);
