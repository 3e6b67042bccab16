/**
 * The heat map against brute force (issue 31): random charges through the engine (batch and one by one, some running),
 * then GET /stations/heat-map/ for random periods, merchants, connector types, metrics and languages equal to the points
 * computed here from the raw charges: each station with a delivered charge (finished or stopped) finished on a Bishkek
 * day of the period, its charges, kWh and turnover (after the discount) summed, weighted by the metric asked.
 */
import type { TLanguage } from '@zaryad/contracts';
import type { THeatMapMetric, THeatMapPoint } from '@zaryad/contracts/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import {
  bishkekDayOf,
  buildRandomCharges,
  buildRandomNetwork,
  dayAfter,
  isDelivered,
  kwhText,
  readRawCharges,
  seededRandom,
  somText,
  sum,
  testSeed,
} from '../../test/random-charges';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const seed = testSeed();

interface StationRow {
  id: number;
  latitude: string;
  longitude: string;
  name_ru: string;
  name_en: string;
  name_ky: string;
  merchant_id: number;
  merchant: string;
}

describe('GET /stations/heat-map/ against the raw charges', () => {
  it(`gives every station's point and figures of random filters as the raw charges do (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    const db = ctx.database.db;
    const network = await buildRandomNetwork(db, random, { merchants: 3, stationsPerMerchant: 3 });
    const from = new Date(Date.parse('2026-02-20T00:00:00Z') + random.below(30) * 86_400_000);
    await buildRandomCharges(db, random, network, { count: 150, from, days: 20, running: 3 });
    const raw = await readRawCharges(db);
    const stationRows = (
      (await db.execute(sql`
        select s.id, s.latitude::text as latitude, s.longitude::text as longitude, s.name_ru, s.name_en, s.name_ky,
               s.merchant_id, m.name as merchant
        from stations s join merchants m on m.id = s.merchant_id order by s.id`)) as unknown as { rows: StationRow[] }
    ).rows;
    const firstDay = bishkekDayOf(from.toISOString());

    let points = 0;
    for (let round = 0; round < 24; round += 1) {
      const start = random.chance(0.8) ? dayAfter(firstDay, random.below(22) - 1) : undefined;
      const end = random.chance(0.8) ? dayAfter(start ?? firstDay, random.below(12)) : undefined;
      const merchant = random.chance(0.4) ? random.pick(network.merchantIds) : undefined;
      const type = random.chance(0.3) ? random.pick(['type2', 'ccs2', 'chademo', 'gbt']) : undefined;
      const metric = random.chance(0.8) ? random.pick<THeatMapMetric>(['charges', 'energy', 'turnover']) : undefined;
      const language = random.pick<TLanguage>(['ru', 'en', 'ky']);
      const query = new URLSearchParams({
        ...(start && { period__from: start }),
        ...(end && { period__to: end }),
        ...(merchant !== undefined && { merchant: String(merchant) }),
        ...(type && { connector_type: type }),
        ...(metric && { metric }),
      }).toString();

      const expected: THeatMapPoint[] = stationRows.flatMap((station) => {
        const counted = raw.filter(
          (charge) =>
            charge.station_id === station.id &&
            charge.finished_at !== null &&
            isDelivered(charge) &&
            (start === undefined || bishkekDayOf(charge.finished_at) >= start) &&
            (end === undefined || bishkekDayOf(charge.finished_at) <= end) &&
            (merchant === undefined || station.merchant_id === merchant) &&
            (type === undefined || charge.connector_types.includes(type)),
        );
        if (counted.length === 0) {
          return [];
        }
        const energy = kwhText(sum(counted, (charge) => charge.energy_wh));
        const turnover = somText(sum(counted, (charge) => charge.total_cost));
        const weights = { charges: counted.length, energy: Number(energy), turnover: Number(turnover) };
        return [
          {
            latitude: Number(station.latitude),
            longitude: Number(station.longitude),
            weight: weights[metric ?? 'charges'],
            station_id: station.id,
            name: station[`name_${language}`],
            merchant_id: station.merchant_id,
            merchant: station.merchant,
            charges: counted.length,
            energy_kwh: energy,
            turnover,
          },
        ];
      });
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/stations/heat-map/?${query}`,
        headers: { ...headers, 'accept-language': language },
      });
      expect(response.statusCode, query).toBe(200);
      expect({ query, points: response.json<THeatMapPoint[]>() }).toEqual({ query, points: expected });
      points += expected.length;
    }
    expect(points).toBeGreaterThan(20);
  });
});
