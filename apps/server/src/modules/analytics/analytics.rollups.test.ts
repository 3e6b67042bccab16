/**
 * The rollups-equal-raw test (issue 31's rule): random charges (random users registered at random times, stations of
 * two merchants added at random times, times across a year's end and Bishkek midnights, statuses, promotions, finished
 * out of time order), then the whole answer of GET /analytics/ (every KPI, its previous value and change) of every
 * period and scope, in progress at random "now"s (compared with the previous period cut at the same elapsed time) and
 * past, compared with the same answer computed here from the raw charges, users, merchants and stations; and a rebuild
 * changes nothing. Replay a failure with ANALYTICS_TEST_SEED=<the seed in the test's name>.
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
import { addDays, periodBounds } from './analytics.periods';
import { createAnalyticsService, rebuildAnalytics } from './analytics.service';

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
  station_id: number;
  user_id: number | null;
  status: string;
  started_at: string;
  finished_at: string;
  energy_wh: string;
  total_cost: string;
  promotion_id: number | null;
}

interface RawNetwork {
  charges: RawCharge[];
  /** Registration instants (ms) by user id. */
  users: Map<number, number>;
  merchants: { id: number; created: number; status: number }[];
  stations: { id: number; merchant_id: number; created: number; status: number; connectors: number }[];
}

const HOUR = 3_600_000;
const bishkekMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - 6 * HOUR;
const bishkekDay = (instant: number) => new Date(instant + 6 * HOUR).toISOString().slice(0, 10);
const bishkekMinute = (instant: number) => new Date(instant + 6 * HOUR).toISOString().slice(0, 16);
const som = (tyiyn: bigint) => `${tyiyn / 100n}.${String(tyiyn % 100n).padStart(2, '0')}`;
const kwh = (wh: bigint) => `${wh / 1000n}.${String(wh % 1000n).padStart(3, '0')}`;
const halfUp = (a: bigint, b: bigint) => (b === 0n ? 0n : (a * 2n + b) / (b * 2n));
const change = (value: number, previous: number) =>
  previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;
const pair = <T>(value: T, previous: T, numeric: (item: T) => number) => ({
  value,
  previous,
  change: change(numeric(value), numeric(previous)),
});
const delivered = (charge: RawCharge) => charge.status === 'finished' || charge.status === 'stopped';

/**
 * The dashboard's numbers of one scope over the instants [from, to), from the raw charges, users, merchants and
 * stations: what a brute-force query over them answers.
 */
const fromRaw = (raw: RawNetwork, scope: number, from: number, to: number) => {
  const within = (instant: number) => instant >= from && instant < to;
  const mine = raw.charges.filter((charge) => scope === 0 || charge.merchant_id === scope);
  const period = mine.filter((charge) => delivered(charge) && within(Date.parse(charge.finished_at)));
  const turnover = period.reduce((sum, charge) => sum + BigInt(charge.total_cost), 0n);
  const energy = period.reduce((sum, charge) => sum + BigInt(charge.energy_wh), 0n);
  const seconds = period.reduce(
    (sum, charge) =>
      sum + BigInt(Math.max(0, Math.floor((Date.parse(charge.finished_at) - Date.parse(charge.started_at)) / 1000))),
    0n,
  );
  // The merchant of each user's first delivered charge in the network (the smaller merchant id at one instant).
  const firsts = new Map<number, { at: number; merchant: number }>();
  for (const charge of raw.charges.filter(delivered)) {
    if (charge.user_id !== null) {
      const at = Date.parse(charge.finished_at);
      const known = firsts.get(charge.user_id);
      if (!known || at < known.at || (at === known.at && charge.merchant_id < known.merchant)) {
        firsts.set(charge.user_id, { at, merchant: charge.merchant_id });
      }
    }
  }
  const users = (list: RawCharge[]) =>
    new Set(list.flatMap((charge) => (charge.user_id === null ? [] : [charge.user_id]))).size;
  const merchants = raw.merchants.filter((merchant) => scope === 0 || merchant.id === scope);
  const stations = raw.stations.filter((station) => scope === 0 || station.merchant_id === scope);
  const added = <T extends { created: number }>(items: T[]) => items.filter((item) => item.created < to);
  return {
    turnover,
    energy,
    seconds,
    charges: period.length,
    failed_charges: mine.filter((charge) => !delivered(charge) && within(Date.parse(charge.finished_at))).length,
    active_users: users(period),
    promo_users: users(period.filter((charge) => charge.promotion_id !== null)),
    new_users: [...raw.users].filter(
      ([id, registered]) => within(registered) && (scope === 0 || firsts.get(id)?.merchant === scope),
    ).length,
    merchants: added(merchants).length,
    stations: added(stations).length,
    connectors: added(stations).reduce((sum, station) => sum + station.connectors, 0),
    merchants_active: added(merchants).filter((merchant) => merchant.status === 0).length,
    stations_active: added(stations).filter((station) => station.status === 0).length,
    connectors_active: added(stations)
      .filter((station) => station.status === 0)
      .reduce((sum, station) => sum + station.connectors, 0),
  };
};

/** The whole answer of GET /analytics/ for a period and scope seen at `now`, from the raw rows. */
const expectedSummary = (raw: RawNetwork, scope: number, period: TAnalyticsPeriod, day: string, now: number) => {
  const bounds = periodBounds(period, day);
  const start = bishkekMidnight(bounds.start);
  const end = bishkekMidnight(bounds.end);
  const previousStart = bishkekMidnight(bounds.previousStart);
  const inProgress = start <= now && now < end;
  // Like with like: the period up to the end of now's minute (exclusive), the previous period up to the same time
  // elapsed since its start, at most its whole length.
  const until = inProgress ? Math.min((Math.floor(now / 60_000) + 1) * 60_000, end) : end;
  const previousUntil = inProgress ? Math.min(previousStart + (until - start), start) : start;
  const current = fromRaw(raw, scope, start, until);
  const previous = fromRaw(raw, scope, previousStart, previousUntil);
  const count = (key: 'charges' | 'failed_charges' | 'active_users' | 'promo_users' | 'new_users') =>
    pair(current[key], previous[key], Number);
  const withActive = (key: 'merchants' | 'stations' | 'connectors') => ({
    ...pair(current[key], previous[key], Number),
    active: current[`${key}_active`],
  });
  const check = (sums: typeof current) => halfUp(sums.turnover, BigInt(sums.charges));
  return {
    period,
    start: bounds.start,
    end: addDays(bounds.end, -1),
    previous_start: bounds.previousStart,
    previous_end: addDays(bounds.start, -1),
    in_progress: inProgress,
    until: inProgress ? bishkekMinute(until) : null,
    previous_until: inProgress ? bishkekMinute(previousUntil) : null,
    turnover: {
      value: som(current.turnover),
      previous: som(previous.turnover),
      change: change(Number(current.turnover), Number(previous.turnover)),
    },
    energy_kwh: {
      value: kwh(current.energy),
      previous: kwh(previous.energy),
      change: change(Number(current.energy), Number(previous.energy)),
    },
    charges: count('charges'),
    failed_charges: count('failed_charges'),
    new_users: count('new_users'),
    promo_users: count('promo_users'),
    active_users: count('active_users'),
    merchants: withActive('merchants'),
    stations: withActive('stations'),
    connectors: withActive('connectors'),
    average_check: pair(som(check(current)), som(check(previous)), (text) => Number(text.replace('.', ''))),
    average_session_seconds: pair(
      Number(halfUp(current.seconds, BigInt(current.charges))),
      Number(halfUp(previous.seconds, BigInt(previous.charges))),
      Number,
    ),
  };
};

/** The raw rows the brute force reads. */
const readRaw = async (): Promise<RawNetwork> => {
  const charges = rowsOf<RawCharge>(
    await db().execute(sql`
      select s.merchant_id, c.station_id, c.user_id, c.status, c.started_at::text as started_at,
             c.finished_at::text as finished_at, c.energy_wh::text as energy_wh, c.total_cost::text as total_cost,
             c.promotion_id
      from charges c join stations s on s.id = c.station_id where c.finished_at is not null`),
  ).map((row) => ({
    ...row,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: new Date(row.finished_at).toISOString(),
  }));
  const users = rowsOf<{ id: number; registered_at: string }>(
    await db().execute(sql`select id, registered_at::text as registered_at from app_users`),
  );
  const merchants = rowsOf<{ id: number; created_at: string; status: number }>(
    await db().execute(sql`select id, created_at::text as created_at, status from merchants`),
  );
  const stations = rowsOf<{ id: number; merchant_id: number; created_at: string; status: number; connectors: number }>(
    await db().execute(sql`
      select s.id, s.merchant_id, s.created_at::text as created_at, s.status,
             (select count(*) from station_connectors c where c.station_id = s.id)::int as connectors
      from stations s`),
  );
  return {
    charges,
    users: new Map(users.map((user) => [Number(user.id), Date.parse(user.registered_at)])),
    merchants: merchants.map((merchant) => ({ ...merchant, created: Date.parse(merchant.created_at) })),
    stations: stations.map((station) => ({ ...station, created: Date.parse(station.created_at) })),
  };
};

/** Every rollup row (a count that fell back to zero is no row), in one order. */
const snapshot = async () =>
  Promise.all(
    [
      'analytics_station_hourly',
      'analytics_hourly',
      'analytics_user_days',
      'analytics_period_hours',
      'analytics_period_counts',
      'analytics_first_charges',
    ].map(async (table) =>
      rowsOf<object>(
        await db().execute(
          sql.raw(`select * from ${table}${table.startsWith('analytics_period_') ? ' where users <> 0' : ''}`),
        ),
      )
        .map((row) => JSON.stringify(row))
        .sort(),
    ),
  );

describe(`the rollups (seed ${SEED})`, () => {
  it(
    'give every dashboard figure of every period, scope and "now" as the raw rows do, and equal a rebuild',
    { timeout: 60_000 },
    async () => {
      // Around the end of 2025, so that weeks, months and years all meet; hours near Bishkek midnights.
      const base = Date.parse('2025-12-20T00:00:00Z');
      const span = 24 * 86_400_000;
      const randomInstant = (from: number, length: number) => new Date(from + Math.floor(random() * length));
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
      // Merchants and stations added at random times of the window (the counts "added by the cut"), one inactive.
      for (const merchant of merchants) {
        await db().execute(
          sql`update merchants set created_at = ${randomInstant(base - 5 * 86_400_000, span).toISOString()}
            where id = ${merchant.id}`,
        );
      }
      for (const station of stations) {
        await db().execute(
          sql`update stations set created_at = ${randomInstant(base - 5 * 86_400_000, span).toISOString()},
            status = ${random() < 0.25 ? 1 : 0} where id = ${station.id}`,
        );
      }
      // Users registered at random times of the window (some before their first charge, some after, some never charge).
      const users = [];
      for (let index = 0; index < 10; index += 1) {
        users.push(
          await buildUser(db(), { registeredAt: randomInstant(base - 10 * 86_400_000, span + 10 * 86_400_000) }),
        );
      }
      for (let index = 0; index < 110; index += 1) {
        await buildEndedCharge(db(), {
          userId: random() < 0.1 ? null : pick(users.slice(0, 8)).id,
          stationId: pick(stations).id,
          finishedAt: randomInstant(base, span),
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
      // A data fix moves two registrations: their merchants' new users move with them.
      for (const user of [pick(users), pick(users)]) {
        await db().execute(
          sql`update app_users set registered_at = ${randomInstant(base, span).toISOString()} where id = ${user.id}`,
        );
      }
      const raw = await readRaw();
      const scopes = [0, merchants[0]?.id ?? 0, merchants[1]?.id ?? 0];
      const days = [...new Set(raw.charges.map((charge) => bishkekDay(Date.parse(charge.finished_at))))].sort();

      const compare = async (now: number, period: TAnalyticsPeriod, day: string, scope: number) => {
        const service = createAnalyticsService(db(), { now: () => new Date(now) });
        const answer = await service.summary({ period, date: day, ...(scope === 0 ? {} : { merchant: scope }) });
        const label = `${period} of ${day}, merchant ${scope}, now ${new Date(now).toISOString()}`;
        expect({ label, ...answer }).toEqual({ label, ...expectedSummary(raw, scope, period, day, now) });
      };
      // In progress: "now" at random instants (to the millisecond) of the window, at a Bishkek midnight (nothing elapsed)
      // and on 31 December (November, a day shorter, whole).
      const nows = [
        ...Array.from({ length: 5 }, () => randomInstant(base, span).getTime()),
        bishkekMidnight('2026-01-01'),
        Date.parse('2025-12-31T10:00:00Z') + Math.floor(random() * 3_600_000),
      ];
      for (const now of nows) {
        for (const scope of scopes) {
          for (const period of ANALYTICS_PERIODS) {
            await compare(now, period, bishkekDay(now), scope);
          }
        }
      }
      // Past periods, seen from after the window: compared whole with the whole previous period.
      const later = base + span + 400 * 86_400_000;
      for (const scope of scopes) {
        for (const period of ANALYTICS_PERIODS) {
          for (const day of days.filter((_, index) => (period === 'day' ? index % 3 === 0 : index % 8 === 0))) {
            await compare(later, period, day, scope);
          }
        }
      }
      // The route answers what the service does (now: the real clock; the window is in the past).
      for (const scope of scopes) {
        const day = pick(days);
        const query = `period=week&date=${day}${scope === 0 ? '' : `&merchant=${scope}`}`;
        const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/?${query}`, headers });
        expect(response.json<TAnalytics>()).toEqual(expectedSummary(raw, scope, 'week', day, Date.now()));
        const graph = (
          await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/graph/?${query}`, headers })
        ).json<TAnalyticsGraph>();
        const bounds = periodBounds('week', day);
        const expected = fromRaw(raw, scope, bishkekMidnight(bounds.start), bishkekMidnight(bounds.end));
        expect(graph.series.reduce((sum, point) => sum + point.charges, 0)).toBe(expected.charges);
      }

      const kept = await snapshot();
      await rebuildAnalytics(db());
      expect(await snapshot()).toEqual(kept);
    },
  );

  it('count a user once per period for the charges finished after a rebuild (its primary keys back in place)', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const user = await buildUser(db(), { registeredAt: new Date('2026-01-01T00:00:00Z') });
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
    const hours = rowsOf<{ kind: string; metric: string; first_hour: string; users: number }>(
      await db().execute(sql`
        select kind, metric, first_hour::text as first_hour, users from analytics_period_hours
        where merchant_id = ${merchant.id} order by 1, 2`),
    );
    // Active and promotion users of each period in the hour of their first finish there (Monday 5 January 2026, 16:00
    // in Bishkek); the new user on its registration day, under its year.
    expect(hours).toEqual(
      ['day', 'month', 'week', 'year'].flatMap((kind) => [
        { kind, metric: 'active', first_hour: '2026-01-05 16:00:00', users: 1 },
        { kind, metric: 'promo', first_hour: '2026-01-05 16:00:00', users: 1 },
      ]),
    );
    const counts = rowsOf<{ kind: string; metric: string; first_day: string; users: number }>(
      await db().execute(sql`
        select kind, metric, first_day::text as first_day, users from analytics_period_counts
        where merchant_id = ${merchant.id} order by 1, 2`),
    );
    expect(counts).toEqual([{ kind: 'year', metric: 'new', first_day: '2026-01-01', users: 1 }]);
    const kept = await snapshot();
    await rebuildAnalytics(db());
    expect(await snapshot()).toEqual(kept);
  });
});
