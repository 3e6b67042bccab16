/**
 * The promotions report against brute force (issue 31): random promotions (percent or amount, happy hours, stations,
 * a minimum number of charges), random charges through the engine, which chooses their promotions as in production
 * (batch and one by one), then GET /ads/promotions/report/ for random periods, with and without a promotion, equal to
 * the figures computed here from the raw charges carrying a promotion and finished on a Bishkek day of the period:
 * per promotion and in total the charges, distinct drivers, kWh, turnover before the discount, the discount and its
 * average (half up), and the charges of every day.
 */
import type { TPromotionReport } from '@zaryad/contracts/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildPromotion } from '../../test/promotion-builders';
import {
  bishkekDayOf,
  buildRandomCharges,
  buildRandomNetwork,
  dayAfter,
  kwhText,
  type RawCharge,
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

const figuresOf = (charges: RawCharge[]) => {
  const discount = sum(charges, (charge) => charge.discount);
  const count = BigInt(charges.length);
  return {
    charges: charges.length,
    users: new Set(charges.flatMap((charge) => (charge.user_id === null ? [] : [charge.user_id]))).size,
    energy_kwh: kwhText(sum(charges, (charge) => charge.energy_wh)),
    turnover: somText(sum(charges, (charge) => charge.amount)),
    discount: somText(discount),
    average_discount: somText(count === 0n ? 0n : (discount * 2n + count) / (count * 2n)),
  };
};

describe('GET /ads/promotions/report/ against the raw charges', () => {
  it(`gives every promotion's figures, the totals and the days as the raw charges do (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    const db = ctx.database.db;
    const network = await buildRandomNetwork(db, random, { merchants: 2, stationsPerMerchant: 2, users: 8 });
    const from = new Date(Date.parse('2026-04-01T00:00:00Z') + random.below(60) * 86_400_000);
    const promotions = [];
    for (let index = 0; index < 4; index += 1) {
      const amount = random.chance(0.3);
      promotions.push(
        await buildPromotion(db, {
          // Some start or end within the charges' days.
          startsAt: new Date(from.getTime() + (random.below(6) - 3) * 86_400_000),
          endsAt: new Date(from.getTime() + (6 + random.below(6)) * 86_400_000),
          ...(amount
            ? { discountAmount: BigInt(50 + random.below(5_000)) }
            : { discountPercent: 5 + random.below(40) }),
          happyStart: random.chance(0.5) ? 0 : random.below(720),
          happyEnd: random.chance(0.5) ? 1439 : 720 + random.below(719),
          stationIds: random.chance(0.4) ? [random.pick(network.stations).id] : [],
          minChargesCount: random.chance(0.2) ? 1 + random.below(3) : 0,
        }),
      );
    }
    await buildRandomCharges(db, random, network, { count: 160, from, days: 10, running: 2 });
    const raw = await readRawCharges(db);
    const promoted = raw.filter((charge) => charge.promotion_id !== null && charge.finished_at !== null);
    expect(promoted.length).toBeGreaterThan(0);
    const titles = new Map(promotions.map((promotion) => [promotion.id, promotion]));
    const firstDay = bishkekDayOf(from.toISOString());

    for (let round = 0; round < 12; round += 1) {
      const start = dayAfter(firstDay, random.below(12) - 2);
      const end = dayAfter(start, random.below(9));
      const promotion = random.chance(0.3) ? random.pick(promotions).id : undefined;
      const query = `period__from=${start}&period__to=${end}${promotion === undefined ? '' : `&promotion=${promotion}`}`;
      const inPeriod = promoted.filter((charge) => {
        const day = bishkekDayOf(charge.finished_at ?? '');
        return day >= start && day <= end && (promotion === undefined || charge.promotion_id === promotion);
      });
      const ids = [...new Set(inPeriod.map((charge) => charge.promotion_id ?? 0))].sort((a, b) => a - b);
      const days: string[] = [];
      for (let day = start; day <= end; day = dayAfter(day)) {
        days.push(day);
      }
      const expected: TPromotionReport = {
        period__from: start,
        period__to: end,
        rows: ids.map((id) => ({
          promotion_id: id,
          title_ru: titles.get(id)?.titleRu ?? '',
          title_en: titles.get(id)?.titleEn ?? '',
          title_ky: titles.get(id)?.titleKy ?? '',
          ...figuresOf(inPeriod.filter((charge) => charge.promotion_id === id)),
        })),
        totals: figuresOf(inPeriod),
        daily: days.map((day) => ({
          day,
          charges: inPeriod.filter((charge) => bishkekDayOf(charge.finished_at ?? '') === day).length,
        })),
      };
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/ads/promotions/report/?${query}`, headers });
      expect(response.statusCode, query).toBe(200);
      expect({ query, report: response.json<TPromotionReport>() }).toEqual({ query, report: expected });
    }
  });
});
