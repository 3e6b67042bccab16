/**
 * The charges list's totals line and count against brute force (issue 31): random charges through the engine (many to a
 * transaction and one by one, some running, promotions chosen by the engine), then for random combinations of every filter of the list,
 * GET /users/transactions/totals/ (count, booked kWh, turnover after the discount, discount) and the list's total and
 * rows equal what is computed here from the raw charges: days and times of day are Bishkek's, `to` includes its whole
 * minute (or second), started days are `period`, finished days, times and weekdays read the finish.
 */
import type { TChargeTotals } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildPromotion } from '../../test/promotion-builders';
import {
  bishkekClock,
  bishkekDayOf,
  buildRandomCharges,
  buildRandomNetwork,
  dayAfter,
  kwhText,
  type RawCharge,
  weekdayOf,
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

const STATUSES = ['initiated', 'in_progress', 'finished', 'stopped', 'canceled', 'not_completed', 'unauthorized'];

describe('the charges totals and list count against the raw charges', () => {
  it(`give the count, kWh, turnover and discount of random filters as the raw charges do (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    const db = ctx.database.db;
    const network = await buildRandomNetwork(db, random, { merchants: 2, stationsPerMerchant: 3 });
    const from = new Date(Date.parse('2026-03-01T00:00:00Z') + random.below(60) * 86_400_000);
    for (let index = 0; index < 3; index += 1) {
      await buildPromotion(db, {
        startsAt: new Date(from.getTime() - 86_400_000),
        endsAt: new Date(from.getTime() + 30 * 86_400_000),
        discountPercent: 5 + random.below(30),
        // Happy hours in Bishkek minutes: some promotions only part of the day.
        happyStart: random.chance(0.5) ? 0 : random.below(720),
        happyEnd: random.chance(0.5) ? 1439 : 720 + random.below(719),
        stationIds: random.chance(0.5) ? [random.pick(network.stations).id] : [],
      });
    }
    await buildRandomCharges(db, random, network, { count: 180, from, days: 6, running: 6 });
    const raw = await readRawCharges(db);
    const firstDay = bishkekDayOf(from.toISOString());
    const promotionIds = [...new Set(raw.flatMap((charge) => (charge.promotion_id ? [charge.promotion_id] : [])))];
    const clockText = () =>
      `${String(random.below(24)).padStart(2, '0')}:${String(random.below(60)).padStart(2, '0')}${
        random.chance(0.3) ? `:${String(random.below(60)).padStart(2, '0')}` : ''
      }`;
    const some = <T>(items: T[]) => items.filter(() => random.chance(0.4)).slice(0, 3);

    let selected = 0;
    for (let round = 0; round < 40; round += 1) {
      const filters: Record<string, string> = {};
      const maybe = (probability: number, name: string, value: () => string) => {
        if (random.chance(probability)) {
          filters[name] = value();
        }
      };
      maybe(0.15, 'search_by_user_id', () => String(random.pick(network.userIds)));
      maybe(0.3, 'station_id__in', () => some(network.stations.map((station) => station.id)).join(',') || '1');
      maybe(0.3, 'status', () => some(STATUSES).join(',') || 'finished');
      maybe(0.2, 'source', () => random.pick(['app', 'rfid', 'operator']));
      if (promotionIds.length > 0) {
        maybe(0.2, 'promotion_id__in', () => some(promotionIds).join(',') || String(promotionIds[0]));
      }
      maybe(0.2, 'payment_method', () => random.pick(['personal_balance', 'cash', 'other_card']));
      maybe(0.2, 'platform', () => random.pick(['1', '2']));
      const days = (fromName: string, toName: string) => {
        const start = dayAfter(firstDay, random.below(8) - 1);
        maybe(0.3, fromName, () => start);
        maybe(0.3, toName, () => dayAfter(start, random.below(4)));
      };
      days('period__from', 'period__to');
      days('finished_date__from', 'finished_date__to');
      if (random.chance(0.4)) {
        // Not reversed: how a range across midnight behaves is the range rule's to say, not this test's.
        const [early, late] = [clockText(), clockText()].sort();
        maybe(0.8, 'finished_time__from', () => early as string);
        maybe(0.8, 'finished_time__to', () => late as string);
      }

      maybe(0.25, 'finished_weekday', () => some(['1', '2', '3', '4', '5', '6', '7']).join(',') || '6');

      const expected = raw.filter((charge: RawCharge) => {
        const has = (name: string) => filters[name] !== undefined;
        const list = (name: string) => (filters[name] ?? '').split(',');
        const startDay = bishkekDayOf(charge.started_at);
        const finish = charge.finished_at === null ? null : bishkekClock(charge.finished_at);
        const finishTime = finish?.slice(11) ?? '';
        const timeTo = filters.finished_time__to ?? '';
        return (
          (!has('search_by_user_id') || charge.user_id === Number(filters.search_by_user_id)) &&
          (!has('station_id__in') || list('station_id__in').includes(String(charge.station_id))) &&
          (!has('status') || list('status').includes(charge.status)) &&
          (!has('source') || charge.source === filters.source) &&
          (!has('promotion_id__in') || list('promotion_id__in').includes(String(charge.promotion_id))) &&
          (!has('payment_method') || charge.payment_method === filters.payment_method) &&
          (!has('platform') || charge.platform === Number(filters.platform)) &&
          (!has('period__from') || startDay >= (filters.period__from ?? '')) &&
          (!has('period__to') || startDay <= (filters.period__to ?? '')) &&
          (!has('finished_date__from') ||
            (finish !== null && finish.slice(0, 10) >= (filters.finished_date__from ?? ''))) &&
          (!has('finished_date__to') ||
            (finish !== null && finish.slice(0, 10) <= (filters.finished_date__to ?? ''))) &&
          (!has('finished_time__from') || (finish !== null && finishTime >= (filters.finished_time__from ?? ''))) &&
          (!has('finished_time__to') ||
            (finish !== null && finishTime <= `${timeTo}${timeTo.length === 5 ? ':59' : ''}.999`)) &&
          (!has('finished_weekday') ||
            (finish !== null && list('finished_weekday').includes(String(weekdayOf(finish.slice(0, 10))))))
        );
      });
      const query = new URLSearchParams(filters).toString();
      const totals = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/totals/?${query}`,
        headers,
      });
      expect(totals.statusCode, query).toBe(200);
      expect({ query, totals: totals.json<TChargeTotals>() }).toEqual({
        query,
        totals: {
          count: expected.length,
          consumption_kwh: kwhText(sum(expected, (charge) => charge.energy_wh)),
          turnover: somText(sum(expected, (charge) => charge.total_cost)),
          discount: somText(sum(expected, (charge) => charge.discount)),
        },
      });
      // The list: its total, and its rows newest start first (then the larger id).
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/?${query}${query ? '&' : ''}page=1&size=500`,
        headers,
      });
      expect(list.statusCode, query).toBe(200);
      const page = list.json<{ total: number; items: { id: number }[] }>();
      const order = [...expected].sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
      expect({ query, total: page.total, ids: page.items.map((item) => item.id) }).toEqual({
        query,
        total: expected.length,
        ids: order.map((charge) => charge.id),
      });
      selected += expected.length;
    }
    expect(selected).toBeGreaterThan(100);
  });
});
