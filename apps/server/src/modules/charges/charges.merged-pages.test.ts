import type { TCharge, TPaged } from '@zaryad/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { charges } from './charges.tables';

// Several stations or promotions page as a merge of one ordered read per value (ListSource.branches): each page, first
// and past the bookmarks, must be the rows and total a plain offset over the whole filter gives, ties broken by id.
let context: TestContext;
let headers: { authorization: string };
const stationIds: number[] = [];
const ROWS = 3_000;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
  const merchant = await buildMerchant(db());
  for (let index = 0; index < 3; index += 1) {
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    stationIds.push(station.id);
  }
  // Three charges per started minute, one at each station, so that the id breaks ties across the branches; promotions 1,
  // 2 and 3 in turn and every fourth without one; every fifth stopped.
  await db().execute(sql`
    insert into ${charges} (station_id, connector_name, connector_ocpp_id, source, started_at, finished_at, meter_stop_wh,
      energy_wh, tariff_kind, price_per_kwh, promotion_id, amount, discount, total_cost, payment_method, status,
      transaction_status)
    select (${sql.param(stationIds)}::int[])[1 + g % 3], 'Type 2 · 22 kW', 1, 'app',
      timestamptz '2026-03-01 00:00+06' + (g / 3) * interval '1 minute',
      timestamptz '2026-03-01 00:30+06' + (g / 3) * interval '1 minute', 1000 + g, 1000 + g, 'personal', 2000,
      nullif(g % 4, 0), 2 * (1000 + g), 0, 2 * (1000 + g), 'cash',
      case when g % 5 = 0 then 'stopped' else 'finished' end, 'successful'
    from generate_series(1, ${ROWS}) as g`);
});

afterAll(async () => {
  await context.close();
});

const list = async (query: string) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/v1/users/transactions/?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPaged<TCharge>>();
};

const offsetIds = async (where: SQL | undefined, offset: number, limit: number) =>
  (
    await db()
      .select({ id: charges.id })
      .from(charges)
      .where(where)
      .orderBy(desc(charges.startedAt), desc(charges.id))
      .offset(offset)
      .limit(limit)
  ).map((row) => row.id);

const countOf = async (where: SQL | undefined) => await db().$count(charges, where);

describe('pages of several stations or promotions', () => {
  const cases: [string, () => string, () => SQL | undefined][] = [
    [
      'two stations',
      () => `station_id__in=${stationIds[0]},${stationIds[2]}`,
      () => inArray(charges.stationId, [stationIds[0] ?? 0, stationIds[2] ?? 0]),
    ],
    ['two promotions', () => 'promotion_id__in=1,3', () => inArray(charges.promotionId, [1, 3])],
    [
      'three promotions, one given twice, with a status',
      () => 'promotion_id__in=2,1,2,3&status=finished',
      () => and(inArray(charges.promotionId, [1, 2, 3]), eq(charges.status, 'finished')),
    ],
    [
      'three stations and two promotions',
      () => `station_id__in=${stationIds.join(',')}&promotion_id__in=1,2`,
      () => and(inArray(charges.stationId, stationIds), inArray(charges.promotionId, [1, 2])),
    ],
  ];

  it.each(cases)(
    '%s: the rows and total of an offset, first, past the bookmarks and last',
    async (_name, query, where) => {
      const total = await countOf(where());
      expect(total).toBeGreaterThan(1_100);
      const size = 30;
      const pages = Math.ceil(total / size);
      // Page 2 is within the first 1,000 rows; page 40 starts at row 1,170, past the first bookmark; the last is partial.
      for (const page of [1, 2, 40, pages]) {
        const answer = await list(`${query()}&size=${size}&page=${page}`);
        const expected = await offsetIds(where(), (page - 1) * size, size);
        expect(answer.total).toBe(total);
        expect(expected.length).toBeGreaterThan(0);
        expect(answer.items.map((item) => item.id)).toEqual(expected);
      }
    },
  );
});
