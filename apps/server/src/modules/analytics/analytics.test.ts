import type { TAnalytics, TAnalyticsGraph } from '@zaryad/contracts/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEndedCharge } from '../../test/analytics-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { createAnalyticsService, rebuildAnalytics } from './analytics.service';

let ctx: TestContext;
let headers: Record<string, string>;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await buildAccount(db(), { roleKey: 'superadmin' });
  headers = (await signIn(ctx.app, account)).headers;
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(path: string, language = 'en') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/analytics${path}`,
    headers: { ...headers, 'accept-language': language },
  });
  return { status: response.statusCode, body: response.json<T>() };
};

/** A merchant with one station whose connector costs 20 som per kWh: 10 kWh cost 200.00. */
const network = async () => {
  const merchant = await buildMerchant(db());
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  return { merchant, station };
};

describe('GET /analytics/', () => {
  it('counts a charge on its Bishkek finish day, across midnight, with exact distinct users', async () => {
    const { merchant, station } = await network();
    // Registered at midnight of 2 March and on 1 March in Bishkek: each a new user of its day.
    const first = await buildUser(db(), { registeredAt: new Date('2025-03-01T18:00:00Z') });
    const second = await buildUser(db(), { registeredAt: new Date('2025-03-01T04:00:00Z') });
    // 23:30 on 1 March in Bishkek to 00:30 on 2 March: the 2nd's.
    await buildEndedCharge(db(), {
      userId: first.id,
      stationId: station.id,
      finishedAt: new Date('2025-03-01T18:30:00Z'),
      minutes: 60,
      energyWh: 10_000,
    });
    // 23:00 on 1 March in Bishkek, with 10 % off: 100.00 - 10.00.
    await buildEndedCharge(db(), {
      userId: second.id,
      stationId: station.id,
      finishedAt: new Date('2025-03-01T17:00:00Z'),
      energyWh: 5_000,
      promotion: { id: 3, percent: 10, fixedTyiyn: 0n },
    });
    await buildEndedCharge(db(), {
      userId: first.id,
      stationId: station.id,
      finishedAt: new Date('2025-03-02T03:00:00Z'),
      status: 'canceled',
    });
    await buildEndedCharge(db(), {
      userId: first.id,
      stationId: station.id,
      finishedAt: new Date('2025-03-02T10:00:00Z'),
      minutes: 20,
      energyWh: 2_000,
    });

    const day = await get<TAnalytics>(`/?period=day&date=2025-03-02&merchant=${merchant.id}`);
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({
      period: 'day',
      start: '2025-03-02',
      end: '2025-03-02',
      previous_start: '2025-03-01',
      previous_end: '2025-03-01',
      turnover: { value: '240.00', previous: '90.00', change: 166.7 },
      energy_kwh: { value: '12.000', previous: '5.000', change: 140 },
      charges: { value: 2, previous: 1, change: 100 },
      failed_charges: { value: 1, previous: 0, change: null },
      active_users: { value: 1, previous: 1, change: 0 },
      new_users: { value: 1, previous: 1, change: 0 },
      promo_users: { value: 0, previous: 1, change: -100 },
      average_check: { value: '120.00', previous: '90.00' },
      average_session_seconds: { value: 2400, previous: 1800 },
      // Added today: none of them existed in 2025.
      merchants: { value: 0, previous: 0, active: 0 },
      stations: { value: 0, previous: 0, active: 0 },
    });
    // Today: what was added a moment ago counts at once (a period in progress counts to the end of now's minute).
    const today = { body: await createAnalyticsService(db()).summary({ period: 'day', merchant: merchant.id }) };
    expect(today.body).toMatchObject({
      merchants: { value: 1, previous: 0, active: 1 },
      stations: { value: 1, previous: 0, active: 1 },
      connectors: { value: 1, previous: 0, active: 1 },
      charges: { value: 0 },
    });

    // 2 March 2025 is a Sunday: its ISO week began on Monday 24 February.
    const week = await get<TAnalytics>(`/?period=week&date=2025-03-02&merchant=${merchant.id}`);
    expect(week.body).toMatchObject({
      start: '2025-02-24',
      end: '2025-03-02',
      turnover: { value: '330.00', previous: '0.00', change: null },
      charges: { value: 3 },
      active_users: { value: 2 },
      new_users: { value: 2 },
      promo_users: { value: 1 },
    });
    const month = await get<TAnalytics>(`/?period=month&date=2025-03-15&merchant=${merchant.id}`);
    expect(month.body).toMatchObject({
      start: '2025-03-01',
      end: '2025-03-31',
      charges: { value: 3 },
      active_users: { value: 2 },
    });
    const year = await get<TAnalytics>(`/?period=year&date=2025-06-01&merchant=${merchant.id}`);
    expect(year.body).toMatchObject({
      start: '2025-01-01',
      end: '2025-12-31',
      turnover: { value: '330.00' },
      active_users: { value: 2 },
    });

    const graph = await get<TAnalyticsGraph>(`/graph/?period=day&date=2025-03-02&merchant=${merchant.id}`);
    expect(graph.body.series).toHaveLength(24);
    expect(graph.body.series.filter((point) => point.charges > 0)).toEqual([
      { start: '2025-03-02T00:00', charges: 1, energy_kwh: '10.000', turnover: '200.00' },
      { start: '2025-03-02T16:00', charges: 1, energy_kwh: '2.000', turnover: '40.00' },
    ]);
    expect(graph.body.by_weekday[6]).toEqual({ weekday: 7, charges: 2, energy_kwh: '12.000', turnover: '240.00' });
    expect(graph.body.by_hour[16]).toMatchObject({ hour: 16, charges: 1 });
    expect(graph.body.grid).toHaveLength(168);
    expect(graph.body.grid.find((cell) => cell.weekday === 7 && cell.hour === 0)?.charges).toBe(1);
  });

  it('takes an ISO week across a year end, and a year by its months', async () => {
    const { merchant, station } = await network();
    const third = await buildUser(db(), { registeredAt: new Date('2025-12-30T02:00:00Z') });
    const fourth = await buildUser(db(), { registeredAt: new Date('2026-01-02T05:00:00Z') });
    await buildEndedCharge(db(), {
      userId: third.id,
      stationId: station.id,
      finishedAt: new Date('2025-12-30T08:00:00Z'),
    });
    await buildEndedCharge(db(), {
      userId: third.id,
      stationId: station.id,
      finishedAt: new Date('2026-01-02T08:00:00Z'),
    });
    await buildEndedCharge(db(), {
      userId: fourth.id,
      stationId: station.id,
      finishedAt: new Date('2026-01-02T09:00:00Z'),
    });

    const week = await get<TAnalytics>(`/?period=week&date=2026-01-01&merchant=${merchant.id}`);
    expect(week.body).toMatchObject({
      start: '2025-12-29',
      end: '2026-01-04',
      previous_start: '2025-12-22',
      charges: { value: 3, previous: 0 },
      turnover: { value: '600.00' },
      active_users: { value: 2, previous: 0 },
      new_users: { value: 2 },
    });
    // 2026 whole (seen from 2027) against the whole of 2025.
    const later = createAnalyticsService(db(), { now: () => new Date('2027-02-01T00:00:00Z') });
    const year = { body: await later.summary({ period: 'year', date: '2026-01-01', merchant: merchant.id }) };
    expect(year.body).toMatchObject({
      charges: { value: 2, previous: 1 },
      active_users: { value: 2, previous: 1 },
      new_users: { value: 1, previous: 1 },
    });
    const graph = await get<TAnalyticsGraph>(`/graph/?period=year&date=2026-01-01&merchant=${merchant.id}`);
    expect(graph.body.series.map((point) => point.start)).toHaveLength(12);
    expect(graph.body.series[0]).toEqual({ start: '2026-01', charges: 2, energy_kwh: '20.000', turnover: '400.00' });
    const weekGraph = await get<TAnalyticsGraph>(`/graph/?period=week&date=2026-01-01&merchant=${merchant.id}`);
    expect(weekGraph.body.series.map((point) => point.charges)).toEqual([0, 1, 0, 0, 2, 0, 0]);
  });

  it('counts as new users the registrations of the period, not first charges (issue 31)', async () => {
    const { merchant, station } = await network();
    const other = await network();
    // 26 November 2024 in Bishkek: three registrations, one of which never charged, one charged first elsewhere.
    const brought = await buildUser(db(), { registeredAt: new Date('2024-11-26T03:00:00Z') });
    await buildUser(db(), { registeredAt: new Date('2024-11-26T12:00:00Z') });
    const elsewhere = await buildUser(db(), { registeredAt: new Date('2024-11-26T17:59:00Z') });
    // Registered long before, charged first on the 26th: not a new user of the 26th.
    const old = await buildUser(db(), { registeredAt: new Date('2023-05-01T00:00:00Z') });
    await buildEndedCharge(db(), {
      userId: old.id,
      stationId: station.id,
      finishedAt: new Date('2024-11-26T09:00:00Z'),
    });
    await buildEndedCharge(db(), {
      userId: brought.id,
      stationId: station.id,
      finishedAt: new Date('2024-11-27T09:00:00Z'),
    });
    await buildEndedCharge(db(), {
      userId: elsewhere.id,
      stationId: other.station.id,
      finishedAt: new Date('2024-11-28T09:00:00Z'),
    });
    await buildEndedCharge(db(), {
      userId: elsewhere.id,
      stationId: station.id,
      finishedAt: new Date('2024-11-29T09:00:00Z'),
    });

    const network26 = await get<TAnalytics>('/?period=day&date=2024-11-26');
    expect(network26.body.new_users).toEqual({ value: 3, previous: 0, change: null });
    const merchant26 = await get<TAnalytics>(`/?period=day&date=2024-11-26&merchant=${merchant.id}`);
    expect(merchant26.body.new_users).toMatchObject({ value: 1, previous: 0 });
    const otherMonth = await get<TAnalytics>(`/?period=month&date=2024-11-26&merchant=${other.merchant.id}`);
    expect(otherMonth.body.new_users).toMatchObject({ value: 1, previous: 0 });
    // A registration moved by a data fix moves its merchant's new user with it.
    await ctx.database.db.execute(
      sql`update app_users set registered_at = '2024-10-10T10:00:00Z' where id = ${brought.id}`,
    );
    expect(
      (await get<TAnalytics>(`/?period=month&date=2024-11-26&merchant=${merchant.id}`)).body.new_users,
    ).toMatchObject({ value: 0, previous: 1 });
  });

  it('compares a period in progress with the same elapsed part of the previous one (issue 31)', async () => {
    const { merchant, station } = await network();
    const user = await buildUser(db(), { registeredAt: new Date('2023-01-01T00:00:00Z') });
    // Bishkek 27 November 2023: 07:00 and 20:00; 28 November: 07:30 and (after "now") 09:00.
    for (const finishedAt of ['2023-11-27T01:00:00Z', '2023-11-27T14:00:00Z', '2023-11-28T01:30:00Z']) {
      await buildEndedCharge(db(), { userId: user.id, stationId: station.id, finishedAt: new Date(finishedAt) });
    }
    await buildEndedCharge(db(), { userId: null, stationId: station.id, finishedAt: new Date('2023-11-28T03:00:00Z') });
    // Now: 08:15:40 on the 28th: the 28th up to the end of 08:15 (08:16, exclusive), the 27th cut at 08:16.
    const service = createAnalyticsService(db(), { now: () => new Date('2023-11-28T02:15:40Z') });
    const day = await service.summary({ period: 'day', merchant: merchant.id });
    expect(day).toMatchObject({
      start: '2023-11-28',
      previous_start: '2023-11-27',
      in_progress: true,
      until: '2023-11-28T08:16',
      previous_until: '2023-11-27T08:16',
      charges: { value: 1, previous: 1, change: 0 },
      active_users: { value: 1, previous: 1, change: 0 },
      turnover: { value: '200.00', previous: '200.00', change: 0 },
    });
    // A past day is compared whole with the whole day before.
    const past = await service.summary({ period: 'day', date: '2023-11-27', merchant: merchant.id });
    expect(past).toMatchObject({ in_progress: false, until: null, previous_until: null, charges: { value: 2 } });
    // 28 November 08:16 against 28 October 08:16; 31 March against the whole of February.
    expect(await service.summary({ period: 'month', merchant: merchant.id })).toMatchObject({
      until: '2023-11-28T08:16',
      previous_until: '2023-10-28T08:16',
    });
    const march = createAnalyticsService(db(), { now: () => new Date('2023-03-31T04:00:00Z') });
    expect(await march.summary({ period: 'month', merchant: merchant.id })).toMatchObject({
      until: '2023-03-31T10:01',
      previous_until: '2023-03-01T00:00',
    });
  });

  it('counts the users of the cut\'s day up to the cut: before its hour, in its partial hour, once each (issue 32)', async () => {
    const { merchant, station } = await network();
    const promotion = { id: 1, percent: 10, fixedTyiyn: 0n };
    /** A driver's charges, finished at these instants in this order (true: with a promotion). */
    const driver = async (...finishes: [string, boolean?][]) => {
      const user = await buildUser(db(), { registeredAt: new Date('2024-01-01T00:00:00Z') });
      for (const [finishedAt, withPromotion] of finishes) {
        await buildEndedCharge(db(), {
          userId: user.id,
          stationId: station.id,
          finishedAt: new Date(finishedAt),
          promotion: withPromotion ? promotion : null,
        });
      }
    };
    // Now: Wednesday 19 June 2024, 14:40:10 in Bishkek; the cut 14:41, the cut's hour 14:00; May cut on the 19th at 14:41.
    // June: earlier that day and in the cut's hour (finished out of order); an earlier day and the cut's hour; only in
    // the cut's hour (a promotion); only after the cut, in its hour; before the hour and after the cut; only after the
    // cut's hour; earlier that day, then a first promotion in the cut's hour.
    await driver(['2024-06-19T08:20:00Z'], ['2024-06-19T04:00:00Z']);
    await driver(['2024-06-03T06:00:00Z'], ['2024-06-19T08:30:00Z']);
    await driver(['2024-06-19T08:35:00Z', true]);
    await driver(['2024-06-19T08:50:00Z']);
    await driver(['2024-06-19T08:10:00Z'], ['2024-06-19T10:00:00Z']);
    await driver(['2024-06-19T09:10:00Z']);
    await driver(['2024-06-19T03:00:00Z'], ['2024-06-19T08:38:00Z', true]);
    // May: after the cut in its hour (and later in the month); before the hour; in the hour with a promotion; in the
    // hour and earlier that day (out of order); in the hour and on an earlier day (out of order).
    await driver(['2024-05-19T08:45:00Z'], ['2024-05-25T06:00:00Z']);
    await driver(['2024-05-19T07:00:00Z']);
    await driver(['2024-05-19T08:05:00Z', true]);
    await driver(['2024-05-19T08:40:00Z'], ['2024-05-19T04:00:00Z']);
    await driver(['2024-05-19T08:30:00Z'], ['2024-05-01T06:00:00Z']);
    const service = createAnalyticsService(db(), { now: () => new Date('2024-06-19T08:40:10Z') });
    const expected = {
      month: {
        until: '2024-06-19T14:41',
        previous_until: '2024-05-19T14:41',
        active_users: { value: 5, previous: 4 },
        promo_users: { value: 2, previous: 1 },
      },
      week: {
        until: '2024-06-19T14:41',
        previous_until: '2024-06-12T14:41',
        active_users: { value: 5, previous: 0 },
        promo_users: { value: 2, previous: 0 },
      },
      day: { active_users: { value: 5, previous: 0 }, promo_users: { value: 2, previous: 0 } },
    };
    const check = async () => {
      for (const [period, figures] of Object.entries(expected)) {
        expect(
          await service.summary({ period: period as 'day' | 'week' | 'month', merchant: merchant.id }),
          period,
        ).toMatchObject(figures);
      }
    };
    await check();
    await rebuildAnalytics(db());
    await check();
  });

  it('refuses an unknown period, a malformed date and a future date on their fields', async () => {
    expect(await get('/?period=hour')).toEqual({ status: 400, body: { period: ['Choose day, week, month or year'] } });
    expect(await get('/?date=2025-02-30')).toEqual({ status: 400, body: { date: ['Enter a valid date.'] } });
    expect(await get('/graph/?date=2999-01-01', 'ru')).toEqual({
      status: 400,
      body: { date: ['Дата не может быть в будущем'] },
    });
    expect((await get('/?merchant=abc')).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics/' });
    expect(response.statusCode).toBe(401);
  });
});
