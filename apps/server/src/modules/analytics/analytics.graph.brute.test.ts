/**
 * The dashboard's charts against brute force (issue 31): random charges through the engine (batch and one by one,
 * finished out of time order, across a year's end and Bishkek midnights), then every point of GET /analytics/graph/
 * (series, by_weekday, by_hour, grid) of every period kind, for the network and each merchant, equal to the same point
 * summed here from the raw charges: a charge counts at its Bishkek finish, when it delivered (finished or stopped).
 * And the timeline's record days (the dashboard's other figure read from the same rollup) against the raw charges.
 */
import type { TAnalyticsGraph, TAnalyticsPeriod, TTimeline, TTimelineItem } from '@zaryad/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import {
  bishkekClock,
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
  weekdayOf,
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

/** A period's first day and the day after it, computed here from the calendar (weeks start on Monday). */
const boundsOf = (period: TAnalyticsPeriod, day: string) => {
  if (period === 'day') {
    return { start: day, end: dayAfter(day) };
  }
  if (period === 'week') {
    const start = dayAfter(day, 1 - weekdayOf(day));
    return { start, end: dayAfter(start, 7) };
  }
  if (period === 'month') {
    const [year, month] = day.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    return { start: `${day.slice(0, 7)}-01`, end: next };
  }
  return { start: `${day.slice(0, 4)}-01-01`, end: `${Number(day.slice(0, 4)) + 1}-01-01` };
};

/** The whole answer of GET /analytics/graph/, summed from the raw charges. */
const graphFromRaw = (raw: RawCharge[], scope: number, period: TAnalyticsPeriod, day: string): TAnalyticsGraph => {
  const { start, end } = boundsOf(period, day);
  const counted = raw.filter((charge) => {
    if (charge.finished_at === null || !isDelivered(charge) || (scope !== 0 && charge.merchant_id !== scope)) {
      return false;
    }
    const finishDay = bishkekDayOf(charge.finished_at);
    return finishDay >= start && finishDay < end;
  });
  const figures = (charges: RawCharge[]) => ({
    charges: charges.length,
    energy_kwh: kwhText(sum(charges, (charge) => charge.energy_wh)),
    turnover: somText(sum(charges, (charge) => charge.total_cost)),
  });
  const clock = (charge: RawCharge) => bishkekClock(charge.finished_at ?? '');
  const hourOf = (charge: RawCharge) => Number(clock(charge).slice(11, 13));
  const weekday = (charge: RawCharge) => weekdayOf(clock(charge).slice(0, 10));
  const slots: string[] = [];
  if (period === 'day') {
    for (let hour = 0; hour < 24; hour += 1) {
      slots.push(`${start}T${String(hour).padStart(2, '0')}:00`);
    }
  } else if (period === 'year') {
    for (let month = 1; month <= 12; month += 1) {
      slots.push(`${start.slice(0, 4)}-${String(month).padStart(2, '0')}`);
    }
  } else {
    for (let slot = start; slot < end; slot = dayAfter(slot)) {
      slots.push(slot);
    }
  }
  const slotOf = (charge: RawCharge) =>
    period === 'day' ? `${clock(charge).slice(0, 13)}:00` : clock(charge).slice(0, period === 'year' ? 7 : 10);
  return {
    period,
    start,
    end: dayAfter(end, -1),
    series: slots.map((slot) => ({ start: slot, ...figures(counted.filter((charge) => slotOf(charge) === slot)) })),
    by_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekdayNumber) => ({
      weekday: weekdayNumber,
      ...figures(counted.filter((charge) => weekday(charge) === weekdayNumber)),
    })),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      ...figures(counted.filter((charge) => hourOf(charge) === hour)),
    })),
    grid: [1, 2, 3, 4, 5, 6, 7].flatMap((weekdayNumber) =>
      Array.from({ length: 24 }, (_, hour) => ({
        weekday: weekdayNumber,
        hour,
        charges: counted.filter((charge) => weekday(charge) === weekdayNumber && hourOf(charge) === hour).length,
      })),
    ),
  };
};

/** The random network and charges of this file, and the raw charges read back. */
const data = async () => {
  const random = seededRandom(seed);
  const db = ctx.database.db;
  const network = await buildRandomNetwork(db, random);
  // Six weeks around a year's end, from a random day of December.
  const from = new Date(Date.parse('2025-12-01T00:00:00Z') + random.below(20) * 86_400_000);
  await buildRandomCharges(db, random, network, { count: 160, from, days: 42, running: 3 });
  return { random, network, raw: await readRawCharges(db) };
};
let built: ReturnType<typeof data> | undefined;
const dataOnce = () => (built ??= data());

describe('GET /analytics/graph/ against the raw charges', () => {
  it(`gives every series point, weekday, hour and grid cell of every period and scope as the raw charges do (seed ${seed})`, async () => {
    const { random, network, raw } = await dataOnce();
    const finishDays = [
      ...new Set(raw.flatMap((charge) => (charge.finished_at ? [bishkekDayOf(charge.finished_at)] : []))),
    ];
    expect(finishDays.length).toBeGreaterThan(10);

    let compared = 0;
    for (const scope of [0, ...network.merchantIds]) {
      for (const period of ['day', 'week', 'month', 'year'] as const) {
        // Days with charges, and a day without any (before them all).
        const days = [random.pick(finishDays), random.pick(finishDays), random.pick(finishDays), '2025-11-20'];
        for (const day of period === 'year' ? [days[0] as string, '2026-06-15'] : days) {
          const query = `period=${period}&date=${day}${scope === 0 ? '' : `&merchant=${scope}`}`;
          const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/graph/?${query}`, headers });
          expect(response.statusCode, query).toBe(200);
          expect({ query, graph: response.json<TAnalyticsGraph>() }).toEqual({
            query,
            graph: graphFromRaw(raw, scope, period, day),
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBe(3 * (3 * 4 + 2));
  });
});

describe("the timeline's record days against the raw charges", () => {
  it(`are the days whose delivered turnover beat every earlier day's, with that turnover (seed ${seed})`, async () => {
    const { raw } = await dataOnce();
    // Every Bishkek day a charge ended on (a day of failed charges only has a turnover of 0), in order.
    const turnover = new Map<string, bigint>();
    for (const charge of raw) {
      if (charge.finished_at !== null) {
        const day = bishkekDayOf(charge.finished_at);
        turnover.set(day, (turnover.get(day) ?? 0n) + (isDelivered(charge) ? charge.total_cost : 0n));
      }
    }
    const expected: { title: string; amount: string | null }[] = [];
    let best: bigint | undefined;
    for (const day of [...turnover.keys()].sort()) {
      const amount = turnover.get(day) ?? 0n;
      if (best !== undefined && amount > best) {
        expected.push({ title: day, amount: somText(amount) });
      }
      best = best === undefined || amount > best ? amount : best;
    }
    // None when the first day's turnover stays the best: then the timeline must have none either.
    expect(turnover.size).toBeGreaterThan(10);

    const items: TTimelineItem[] = [];
    for (let before: string | null = new Date().toISOString(); before !== null;) {
      const response: { statusCode: number; json<T>(): T } = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/analytics/timeline/?size=50&before=${encodeURIComponent(before)}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const page: TTimeline = response.json<TTimeline>();
      items.push(...page.items);
      before = page.next_before;
    }
    expect(
      items
        .filter((item) => item.kind === 'record_day')
        .map((item) => ({ title: item.title, amount: item.amount }))
        .reverse(),
    ).toEqual(expected);
  });
});
