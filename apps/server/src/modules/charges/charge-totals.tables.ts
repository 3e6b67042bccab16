import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, type PgColumn, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { tyiyn } from '../../platform/money-columns';

/**
 * The charges' totals rolled up by what the list filters on (issue 13: a month's totals < 100 ms over 10,000,000
 * charges). A row sums the charges of one Bishkek start day, Bishkek finish day (null while running), status, source,
 * payment method, platform and promotion: their count, energy (watt-hours) and money (tyiyn). Two tables, because a
 * network-wide key stays small (days x a few hundred combinations) while the station's key is nearly one row per
 * charge at scale and is only read for the stations asked for.
 *
 * Kept by a row trigger on `charges` (`src/db/routines/charge-totals.sql`): whoever writes a charge (start, a meter value confirming it,
 * finish, stop, the seed), the charge's old key loses it and its new key gains it in the same transaction, so the
 * rollups equal the charges at every commit. Rows are never deleted on the way (a running charge's key drops to zero
 * when it finishes); `rebuildChargeTotals` (charges.rollups.ts) recomputes both from the charges.
 *
 * The network's two tables are split into 16 shards by the charge's id (`shard`: id % 16, kept by the trigger and the
 * rebuild alike), as the ledger's totals are by user: every start and every finish of the day writes the same few
 * network rows, and a row written by one transaction waits for it to commit before the next can write it, so that a
 * network's charges started and finished at once queued on them (docs/benchmarks.md, section 7). Readers sum the
 * shards; a month is up to 16 times the rows, still read in milliseconds. A row of a shard may fall below zero when its
 * charge was counted in another shard before (the rows of a database migrated to shards are all in shard 0): only
 * the sum over the shards is the charges' total.
 */
const dimensions = {
  day: date('day', { mode: 'string' }).notNull(),
  finishedDay: date('finished_day', { mode: 'string' }),
  status: varchar('status', { length: 16 }).notNull(),
  source: varchar('source', { length: 10 }).notNull(),
  paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
  platform: smallint('platform'),
  promotionId: integer('promotion_id'),
};

/** The network rollups' shard: the charge's id % 16 (see above). */
const shard = { shard: smallint('shard').notNull().default(0) };

const measures = {
  charges: integer('charges').notNull().default(0),
  energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
  /** Tyiyn: the charges' total_cost (after the discount). */
  turnover: tyiyn('turnover')
    .notNull()
    .default(sql`0`),
  discount: tyiyn('discount')
    .notNull()
    .default(sql`0`),
};

/** The dimensions' columns of a rollup, in its key's order. */
const keyOf = (table: { [key in keyof typeof dimensions]: PgColumn }) =>
  [
    table.day,
    table.finishedDay,
    table.status,
    table.source,
    table.paymentMethod,
    table.platform,
    table.promotionId,
  ] as const;

export const chargeTotalsDaily = pgTable('charge_totals_daily', { ...dimensions, ...shard, ...measures }, (table) => [
  // Nulls (no finish yet, no platform, no promotion) are a key like any value: one row per combination and shard.
  unique('charge_totals_daily_key')
    .on(...keyOf(table), table.shard)
    .nullsNotDistinct(),
  index('charge_totals_daily_finished_idx').on(table.finishedDay),
]);

/**
 * The finished charges' totals by the Bishkek hour of their finish as well (issue 13: totals with a time-of-day filter
 * < 300 ms). A time-of-day filter is answered hour by hour from here; the minutes at its ends that do not fill an hour
 * are read from the charges of the days this table says have such charges (charge-totals.ts). Network-wide only: a
 * station's charges are few enough to read. Running charges have no finish and no row here (a time-of-day filter never
 * selects them). Kept by the same row trigger as the daily rollups (`src/db/routines/charge-totals.sql`) and rebuilt with them.
 */
export const chargeTotalsHourly = pgTable(
  'charge_totals_hourly',
  {
    ...dimensions,
    finishedDay: date('finished_day', { mode: 'string' }).notNull(),
    /** 0-23: the Bishkek hour the charge finished in. */
    finishedHour: smallint('finished_hour').notNull(),
    ...shard,
    ...measures,
  },
  (table) => [
    // Hour first: a time-of-day filter reads its whole hours' rows of every day as one range of this index.
    unique('charge_totals_hourly_key')
      .on(table.finishedHour, ...keyOf(table), table.shard)
      .nullsNotDistinct(),
  ],
);

export const chargeStationTotalsDaily = pgTable(
  'charge_station_totals_daily',
  { stationId: integer('station_id').notNull(), ...dimensions, ...measures },
  (table) => [
    unique('charge_station_totals_daily_key')
      .on(table.stationId, ...keyOf(table))
      .nullsNotDistinct(),
  ],
);
