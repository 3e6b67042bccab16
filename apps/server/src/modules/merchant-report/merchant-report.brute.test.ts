/**
 * The merchant report against brute force (issue 31): random charges through the engine (batch and one by one, some
 * running), then GET /merchants/{id}/report/ of each merchant for random periods and languages, as JSON and as csv,
 * equal to the figures computed here from the raw charges: every station of the merchant (none left out, a station
 * without charges at zero), its delivered charges (finished or stopped) finished on a Bishkek day of the period, their
 * kWh and turnover after the discount, and the totals.
 */
import type { TLanguage, TMerchantReport } from '@zaryad/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import {
  bishkekDayOf,
  buildRandomCharges,
  buildRandomNetwork,
  dayAfter,
  isDelivered,
  kwhText,
  type RawCharge,
  readRawCharges,
  seededRandom,
  somText,
  sum,
  testSeed,
} from '../../test/random-charges';
import { buildStation } from '../../test/station-builders';
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

const figuresOf = (charges: RawCharge[]) => ({
  charges: charges.length,
  energy_kwh: kwhText(sum(charges, (charge) => charge.energy_wh)),
  turnover: somText(sum(charges, (charge) => charge.total_cost)),
});

describe('GET /merchants/{id}/report/ against the raw charges', () => {
  it(`gives every station's figures and the totals as the raw charges do (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    const db = ctx.database.db;
    const network = await buildRandomNetwork(db, random, { merchants: 3, stationsPerMerchant: 3 });
    // A merchant's station that never charged, and a merchant without stations.
    await buildStation(db, { merchantId: network.merchantIds[0] ?? 0, nameEn: '' });
    const empty = await buildMerchant(db);
    const from = new Date(Date.parse('2026-06-01T00:00:00Z') + random.below(60) * 86_400_000);
    await buildRandomCharges(db, random, network, { count: 150, from, days: 12, running: 3 });
    const raw = await readRawCharges(db);
    const stations = (
      (await db.execute(sql`
        select id, merchant_id, name_ru, name_en, name_ky from stations order by id`)) as unknown as {
        rows: { id: number; merchant_id: number; name_ru: string; name_en: string; name_ky: string }[];
      }
    ).rows;
    const firstDay = bishkekDayOf(from.toISOString());

    for (let round = 0; round < 16; round += 1) {
      const merchantId = round === 0 ? empty.id : random.pick(network.merchantIds);
      const start = dayAfter(firstDay, random.below(14) - 2);
      const end = dayAfter(start, random.below(10));
      const language = random.pick<TLanguage>(['ru', 'en', 'ky']);
      const rows = stations
        .filter((station) => station.merchant_id === merchantId)
        .map((station) => ({
          station_id: station.id,
          station_name: station[`name_${language}`] || station.name_ru,
          ...figuresOf(
            raw.filter((charge) => {
              const day = charge.finished_at === null ? '' : bishkekDayOf(charge.finished_at);
              return charge.station_id === station.id && isDelivered(charge) && day >= start && day <= end;
            }),
          ),
        }));
      const totals = figuresOf(
        raw.filter((charge) => {
          const day = charge.finished_at === null ? '' : bishkekDayOf(charge.finished_at);
          return charge.merchant_id === merchantId && isDelivered(charge) && day >= start && day <= end;
        }),
      );
      const query = `period__from=${start}&period__to=${end}`;
      const url = `/api/v1/merchants/${merchantId}/report/?${query}`;
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-language': language },
      });
      expect(response.statusCode, url).toBe(200);
      const report = response.json<TMerchantReport>();
      expect({ url, rows: report.rows, totals: report.totals }).toEqual({ url, rows, totals });

      // The download carries the same figures, its last line the totals.
      const csv = await ctx.app.inject({
        method: 'GET',
        url: `${url}&format=csv`,
        headers: { ...headers, 'accept-language': language },
      });
      expect(csv.statusCode, url).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect({ url, total: (lines.at(-1) ?? '').split(',').slice(-3) }).toEqual({
        url,
        total: [String(totals.charges), totals.energy_kwh, totals.turnover],
      });
    }
  });
});
