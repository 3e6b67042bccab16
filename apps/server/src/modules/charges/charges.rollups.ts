/**
 * Rebuilds of the rollups the charges feed, from the raw charges (docs/design.md#9-money-charges-and-time: analytics read rollups, a
 * rebuild recomputes them, a test compares the two). Each takes a SHARE lock on `charges` for its transaction: a
 * charge finishing meanwhile waits for the rebuild instead of being counted twice or not at all.
 */
import { type SQL, sql } from 'drizzle-orm';
import { affectedRows, type Database } from '../../db/client';

/** A timestamp's Bishkek day (UTC+6 all year), without a time-zone database. */
const bishkekDayOf = (column: string) => sql.raw(`("${column}" AT TIME ZONE 'UTC' + interval '6 hours')::date`);

/** The hourly rollup's columns (charge-totals.tables.ts), in the order `hourlyTotalsOf` selects them. */
const HOURLY_TOTALS_COLUMNS = sql.raw(
  '(finished_hour, day, finished_day, status, source, payment_method, platform, promotion_id, shard, charges, energy_wh, turnover, discount)',
);

/**
 * The hourly rollup's rows of the finished charges `where` selects, as the trigger keeps them (`src/db/routines/charge-totals.sql`): Bishkek
 * finish hour, start day and finish day, the filtered columns, the shard (the charge's id % 16), and the sums.
 */
const hourlyTotalsOf = (where: SQL) => sql`
  select extract(hour from "finished_at" at time zone 'UTC' + interval '6 hours')::smallint, ${bishkekDayOf('started_at')},
         ${bishkekDayOf('finished_at')}, status, source, payment_method, platform, promotion_id, id % 16, count(*),
         sum(energy_wh), sum(total_cost), sum(discount)
  from charges
  where finished_at is not null and ${where}
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;

/**
 * station_daily_totals from the charges, as the charges' trigger adds to it (`src/db/routines/charge-totals.sql`): every delivered charge (finished or stopped) on
 * its station's Bishkek finish day, its energy in kWh and its cost after the discount in som. Days without delivered
 * charges have no row. Answers the number of station days written.
 */
export const rebuildStationDailyTotals = async (db: Database): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table charges in share mode`);
    await tx.execute(sql`delete from station_daily_totals`);
    const result = await tx.execute(sql`
      insert into station_daily_totals (station_id, day, charges, energy_kwh, turnover)
      select station_id, ${bishkekDayOf('finished_at')}, count(*),
             round(sum(energy_wh)::numeric / 1000, 3), round(sum(total_cost)::numeric / 100, 2)
      from charges
      where status in ('finished', 'stopped')
      group by 1, 2`);
    return affectedRows(result);
  });

/**
 * The three charge rollups (charge-totals.tables.ts) from the charges; answers the network daily rollup's row count.
 * The hourly rows are written hour first, as its key reads them.
 */
export const rebuildChargeTotals = async (db: Database): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table charges in share mode`);
    await tx.execute(sql`delete from charge_totals_daily`);
    await tx.execute(sql`delete from charge_station_totals_daily`);
    await tx.execute(sql`delete from charge_totals_hourly`);
    const result = await tx.execute(sql`
      insert into charge_totals_daily
        (day, finished_day, status, source, payment_method, platform, promotion_id, shard, charges, energy_wh, turnover,
         discount)
      select ${bishkekDayOf('started_at')}, ${bishkekDayOf('finished_at')}, status, source, payment_method, platform,
             promotion_id, id % 16, count(*), sum(energy_wh), sum(total_cost), sum(discount)
      from charges
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`
      insert into charge_station_totals_daily
        (station_id, day, finished_day, status, source, payment_method, platform, promotion_id, charges, energy_wh, turnover, discount)
      select station_id, ${bishkekDayOf('started_at')}, ${bishkekDayOf('finished_at')}, status, source, payment_method,
             platform, promotion_id, count(*), sum(energy_wh), sum(total_cost), sum(discount)
      from charges
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(
      sql`insert into charge_totals_hourly ${HOURLY_TOTALS_COLUMNS} ${hourlyTotalsOf(sql`true`)} order by 1, 2`,
    );
    return affectedRows(result);
  });
