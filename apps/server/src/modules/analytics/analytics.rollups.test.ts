/**
 * The rollups-equal-raw test: random charges (random users, stations of two merchants, times across a year's end and
 * Bishkek midnights, statuses, promotions, finished out of time order), then every dashboard number of every period
 * and scope compared with the same number computed here from the raw charges; and a rebuild changes nothing.
 */
import {
  ANALYTICS_PERIODS,
  type TAnalytics,
  type TAnalyticsGraph,
  type TAnalyticsPeriod,
} from '@zaryad/contracts/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEndedCharge } from '../../test/analytics-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { periodBounds } from './analytics.periods';
import { rebuildAnalytics } from './analytics.service';

let ctx: TestContext;
let headers: Record<string, string>;
const db = () => ctx.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

/** A seeded generator, so that a failure can be replayed: the seed is printed in the test's name. */
const SEED = Number(process.env.ANALYTICS_TEST_SEED ?? Date.now() % 100_000);
let state = SEED;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

interface RawCharge {
  merchant_id: number;
  user_id: number | null;
  status: string;
  started_at: string;
  finished_at: string;
  energy_wh: string;
  total_cost: string;
  promotion_id: number | null;
}

const bishkekDay = (instant: string) =>
  new Date(new Date(instant).getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
const som = (tyiyn: bigint) => `${tyiyn / 100n}.${String(tyiyn % 100n).padStart(2, '0')}`;
const kwh = (wh: bigint) => `${wh / 1000n}.${String(wh % 1000n).padStart(3, '0')}`;
const halfUp = (a: bigint, b: bigint) => (b === 0n ? 0n : (a * 2n + b) / (b * 2n));

/** The dashboard's numbers of one period and scope, from the raw charges. */
const fromRaw = (charges: RawCharge[], scope: number, start: string, end: string) => {
  const mine = charges.filter((charge) => scope === 0 || charge.merchant_id === scope);
  const delivered = mine.filter((charge) => charge.status === 'finished' || charge.status === 'stopped');
  const inPeriod = (charge: RawCharge) =>
    bishkekDay(charge.finished_at) >= start && bishkekDay(charge.finished_at) < end;
  const period = delivered.filter(inPeriod);
  const turnover = period.reduce((sum, charge) => sum + BigInt(charge.total_cost), 0n);
  const energy = period.reduce((sum, charge) => sum + BigInt(charge.energy_wh), 0n);
  const seconds = period.reduce(
    (sum, charge) => sum + BigInt(Math.floor((Date.parse(charge.finished_at) - Date.parse(charge.started_at)) / 1000)),
    0n,
  );
  const firsts = new Map<number, string>();
  for (const charge of delivered) {
    if (charge.user_id !== null) {
      const day = bishkekDay(charge.finished_at);
      const known = firsts.get(charge.user_id);
      firsts.set(charge.user_id, known === undefined || day < known ? day : known);
    }
  }
  const users = (list: RawCharge[]) =>
    new Set(list.flatMap((charge) => (charge.user_id === null ? [] : [charge.user_id]))).size;
  return {
    turnover: som(turnover),
    energy_kwh: kwh(energy),
    charges: period.length,
    failed_charges: mine.filter((charge) => !delivered.includes(charge) && inPeriod(charge)).length,
    active_users: users(period),
    promo_users: users(period.filter((charge) => charge.promotion_id !== null)),
    new_users: [...firsts.values()].filter((day) => day >= start && day < end).length,
    average_check: som(halfUp(turnover, BigInt(period.length))),
    average_session_seconds: Number(halfUp(seconds, BigInt(period.length))),
  };
};

/** Every rollup row (a count that fell back to zero is no row), in one order. */
const snapshot = async () =>
  Promise.all(
    [
      'analytics_station_hourly',
      'analytics_hourly',
      'analytics_user_days',
      'analytics_period_counts',
      'analytics_first_charges',
    ].map(async (table) =>
      rowsOf<object>(
        await db().execute(
          sql.raw(`select * from ${table}${table === 'analytics_period_counts' ? ' where users <> 0' : ''}`),
        ),
      )
        .map((row) => JSON.stringify(row))
        .sort(),
    ),
  );

describe(`the rollups (seed ${SEED})`, () => {
  it('give every dashboard number as the raw charges do, and equal a rebuild', async () => {
    const merchants = [await buildMerchant(db()), await buildMerchant(db())];
    const stations = [];
    for (const merchant of merchants) {
      for (let index = 0; index < 2; index += 1) {
        stations.push(
          await buildStation(db(), {
            merchantId: merchant.id,
            connectors: [{ evse_id: 1, custom_fee: pick(['12.50', '20.00', '7.33']) }],
          }),
        );
      }
    }
    const users = [];
    for (let index = 0; index < 6; index += 1) {
      users.push(await buildUser(db()));
    }
    // Around the end of 2025, so that weeks, months and years all meet; hours near Bishkek midnights.
    const base = Date.parse('2025-12-20T00:00:00Z');
    for (let index = 0; index < 70; index += 1) {
      const finishedAt = new Date(base + Math.floor(random() * 24 * 86_400) * 1000);
      await buildEndedCharge(db(), {
        userId: random() < 0.1 ? null : pick(users).id,
        stationId: pick(stations).id,
        finishedAt,
        minutes: 1 + Math.floor(random() * 120),
        energyWh: Math.floor(random() * 40_000),
        status: pick(['finished', 'finished', 'finished', 'stopped', 'canceled', 'not_completed'] as const),
        promotion:
          random() < 0.3
            ? {
                id: 1 + Math.floor(random() * 3),
                percent: pick([0, 10, 50]),
                fixedTyiyn: BigInt(Math.floor(random() * 500)),
              }
            : null,
      });
    }
    const raw = rowsOf<RawCharge>(
      await db().execute(sql`
        select s.merchant_id, c.user_id, c.status, c.started_at::text as started_at, c.finished_at::text as finished_at,
               c.energy_wh::text as energy_wh, c.total_cost::text as total_cost, c.promotion_id
        from charges c join stations s on s.id = c.station_id where c.finished_at is not null`),
    ).map((row) => ({
      ...row,
      started_at: new Date(row.started_at).toISOString(),
      finished_at: new Date(row.finished_at).toISOString(),
    }));
    const days = [...new Set(raw.map((charge) => bishkekDay(charge.finished_at)))];

    for (const scope of [0, merchants[0]?.id ?? 0, merchants[1]?.id ?? 0]) {
      for (const period of ANALYTICS_PERIODS) {
        for (const day of days.filter((_, index) => period === 'day' || index % 5 === 0)) {
          const bounds = periodBounds(period as TAnalyticsPeriod, day);
          const query = `period=${period}&date=${day}${scope === 0 ? '' : `&merchant=${scope}`}`;
          const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/?${query}`, headers });
          const answer = response.json<TAnalytics>();
          const expected = fromRaw(raw, scope, bounds.start, bounds.end);
          const previous = fromRaw(raw, scope, bounds.previousStart, bounds.start);
          for (const [key, value] of Object.entries(expected)) {
            const kpi = answer[key as keyof typeof expected];
            expect({ query, key, value: kpi.value, previous: kpi.previous }).toEqual({
              query,
              key,
              value,
              previous: previous[key as keyof typeof previous],
            });
          }
          const graph = (
            await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/graph/?${query}`, headers })
          ).json<TAnalyticsGraph>();
          expect({ query, charges: graph.series.reduce((sum, point) => sum + point.charges, 0) }).toEqual({
            query,
            charges: expected.charges,
          });
          expect(graph.grid.reduce((sum, cell) => sum + cell.charges, 0)).toBe(expected.charges);
        }
      }
    }

    const kept = await snapshot();
    await rebuildAnalytics(db());
    expect(await snapshot()).toEqual(kept);
  });

  it('count a user once per period for the charges finished after a rebuild (its primary keys back in place)', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const user = await buildUser(db());
    await rebuildAnalytics(db());
    const finishedAt = Date.parse('2026-01-05T10:00:00Z');
    for (let index = 0; index < 3; index += 1) {
      await buildEndedCharge(db(), {
        userId: user.id,
        stationId: station.id,
        finishedAt: new Date(finishedAt + index * 60_000),
        promotion: { id: 1, percent: 10, fixedTyiyn: 0n },
      });
    }
    const counts = rowsOf<{ kind: string; metric: string; users: number }>(
      await db().execute(sql`
        select kind, metric, users from analytics_period_counts where merchant_id = ${merchant.id} order by 1, 2`),
    );
    expect(counts).toEqual(
      ['day', 'month', 'week', 'year'].flatMap((kind) =>
        ['active', 'new', 'promo'].map((metric) => ({ kind, metric, users: 1 })),
      ),
    );
    const kept = await snapshot();
    await rebuildAnalytics(db());
    expect(await snapshot()).toEqual(kept);
  });
});
