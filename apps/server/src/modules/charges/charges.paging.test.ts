import type { TCharge, TChargeTotals, TPaged } from '@zaryad/contracts';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { charges } from './charges.tables';

// Deep pages start from a bookmark (the sort key of every 1,000th row, platform/list-query.ts): with 2,500 charges,
// several of which start at the same instant, a page past the bookmarks must be the same rows an offset would give.
let context: TestContext;
let headers: { authorization: string };
const ROWS = 2_500;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
  const merchant = await buildMerchant(db());
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  // Booked rows written at once (the engine is tested elsewhere): three charges per started minute, so that the id
  // breaks the ties of started_at.
  await db().execute(sql`
    insert into ${charges} (station_id, connector_name, connector_ocpp_id, source, started_at, finished_at, meter_stop_wh,
      energy_wh, tariff_kind, price_per_kwh, amount, discount, total_cost, payment_method, status, transaction_status)
    select ${station.id}, 'Type 2 · 22 kW', 1, 'app', timestamptz '2026-03-01 00:00+06' + (g / 3) * interval '1 minute',
      timestamptz '2026-03-01 00:30+06' + (g / 3) * interval '1 minute', 1000 + g, 1000 + g, 'personal', 2000,
      2 * (1000 + g), 0, 2 * (1000 + g), 'cash', 'finished', 'successful'
    from generate_series(1, ${ROWS}) as g`);
});

afterAll(async () => {
  await context.close();
});

const ids = async (query: string) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/v1/users/transactions/?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPaged<TCharge>>();
};

describe('deep pages of the charges list', () => {
  it('answers the rows an offset would, past the bookmarks, newest first with ties broken by id', async () => {
    // The first page counts and notes the bookmarks; page 68 of 30 starts at row 2,010, past the second bookmark.
    expect((await ids('size=30&page=1')).total).toBe(ROWS);
    const page = await ids('size=30&page=68');
    expect(page).toMatchObject({ total: ROWS, pages: 84, page: 68 });
    const offsetRows = (
      await db()
        .select({ id: charges.id })
        .from(charges)
        .orderBy(desc(charges.startedAt), desc(charges.id))
        .offset(2010)
        .limit(30)
    ).map((row) => row.id);
    expect(page.items.map((item) => item.id)).toEqual(offsetRows);
    const later = await ids('size=30&page=68&period__from=2026-03-01');
    expect(later.items.map((item) => item.id)).toEqual(offsetRows);
    expect(offsetRows).toHaveLength(30);
    const last = await ids('size=1000&page=3');
    expect(last.items).toHaveLength(500);
  });

  it('totals them exactly', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/users/transactions/totals/', headers });
    // Energy 1001 + … + 3500 Wh = 5,626,250 Wh; each costs twice its Wh in tyiyn.
    expect(response.json<TChargeTotals>()).toEqual({
      count: ROWS,
      consumption_kwh: '5626.250',
      turnover: '112525.00',
      discount: '0.00',
    });
  });

  it('reads the total of a first page from the rollups and counts a deep page', async () => {
    // Running charges write meter values all day, and each write bumps the list version: a first page must not recount
    // the charges after each. Skewing the network rollup shows which source each page reads.
    // All the rows started and finished on 1 March: one network rollup row in each shard; the skew goes on one.
    const skew = (by: number) =>
      db().execute(sql`
        update charge_totals_daily set charges = charges + ${by}
        where day = '2026-03-01' and shard = (select min(shard) from charge_totals_daily where day = '2026-03-01')`);
    // As a meter value does: the charges' list version moves, so that nothing remembered answers.
    const meterWrite = () => db().execute(sql`update list_versions set version = version + 1 where name = 'charges'`);
    await skew(7);
    await meterWrite();
    try {
      expect((await ids('size=30&page=1')).total).toBe(ROWS + 7);
      expect((await ids('size=30&page=68')).total).toBe(ROWS);
      // A filter the rollups do not hold (a user) counts the rows.
      expect((await ids('size=30&page=1&search_by_user_id=1')).total).toBe(0);
    } finally {
      await skew(-7);
    }
    expect((await ids('size=30&page=1')).total).toBe(ROWS);
  });
});
