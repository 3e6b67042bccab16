import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildMerchant } from '../../test/network-builders';
import { seedLocations } from '../locations/locations.seed';
import { surroundings } from '../surroundings/surroundings.tables';
import { tags } from '../tags/tags.tables';
import { DEMO_MERCHANTS } from './merchants.seed.data';
import { merchants } from './merchants.tables';

const idsByTitle = async (db: Database, table: typeof tags | typeof surroundings, titles: string[]) => {
  if (titles.length === 0) {
    return new Map<string, number>();
  }
  const rows = await db.select({ id: table.id, title: table.titleRu }).from(table).where(inArray(table.titleRu, titles));
  return new Map(rows.map((row) => [row.title, row.id]));
};

/**
 * Adds the demo merchants that are missing (by name); running it twice changes nothing. Tags and infrastructure
 * are linked by their Russian titles, so seed them first; a title that is missing is skipped.
 */
export const seedMerchants = async (db: Database): Promise<number> => {
  // The server writes the reference locations when it starts; a fresh database seeded first has none yet.
  await seedLocations(db);
  const existing = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.name, DEMO_MERCHANTS.map((merchant) => merchant.name)));
  const taken = new Set(existing.map((row) => row.name));
  const missing = DEMO_MERCHANTS.filter((merchant) => !taken.has(merchant.name));
  const tagIds = await idsByTitle(db, tags, [...new Set(missing.flatMap((merchant) => merchant.tags))]);
  const environmentIds = await idsByTitle(db, surroundings, [...new Set(missing.flatMap((merchant) => merchant.environment))]);
  const pick = (titles: string[], ids: Map<string, number>) =>
    titles.flatMap((title) => {
      const id = ids.get(title);
      return id === undefined ? [] : [id];
    });
  for (const merchant of missing) {
    await buildMerchant(db, {
      ...merchant,
      tagIds: pick(merchant.tags, tagIds),
      environmentIds: pick(merchant.environment, environmentIds),
    });
  }
  return missing.length;
};

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
