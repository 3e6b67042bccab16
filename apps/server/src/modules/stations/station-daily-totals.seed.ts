import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * A year of daily totals for every station that has none: busier on weekends and at active stations, 15 to 40 kWh
 * per charge at 12 to 18 som per kWh. Written by one statement, so a network of thousands of stations takes seconds.
 */
export const seedStationDailyTotals = async (db: Database): Promise<number> => {
  const result = await db.execute(sql`
    insert into station_daily_totals (station_id, day, charges, energy_kwh, turnover)
    select station.id, day.value::date, charge.count, round((charge.count * charge.kwh)::numeric, 3), round((charge.count * charge.kwh * charge.fee)::numeric, 2)
    from stations station
    cross join generate_series(current_date - 364, current_date, interval '1 day') as day(value)
    cross join lateral (
      select
        floor(random() * (case when station.status = 0 then 12 else 2 end)
          * (case when extract(isodow from day.value) >= 6 then 1.4 else 1 end))::int as count,
        15 + random() * 25 as kwh,
        12 + random() * 6 as fee
    ) charge
    where not exists (select 1 from station_daily_totals existing where existing.station_id = station.id)
    on conflict do nothing
  `);
  // node-postgres and PGlite name the count differently.
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
};
