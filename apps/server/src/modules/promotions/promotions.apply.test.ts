import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { balanceEntries } from '../users';
import { bishkekMinuteOfDay, discountOf } from './promotions.chooser';
import { promotions, promotionUses } from './promotions.tables';

let ctx: TestContext;
let merchantId: number;
let stationId: number;
const db = () => ctx.database.db;

/** 14:00 Bishkek (08:00 UTC) on a Tuesday. */
const AFTERNOON = new Date('2026-11-24T08:00:00Z');
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  ctx = await createTestContext();
  merchantId = (await buildMerchant(db())).id;
  // 20 som per kWh: 10 kWh cost 200.00 som.
  stationId = (
    await buildStation(db(), { merchantId, connectors: [{ evse_id: 1, typo: 'type2', custom_fee: '20.00' }] })
  ).id;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await db().delete(promotions);
});

const around = { startsAt: new Date(AFTERNOON.getTime() - DAY), endsAt: new Date(AFTERNOON.getTime() + DAY) };

/** A charge of `kwh` at the station, started at `startedAt` and finished 30 minutes later. */
const charge = async (options: { userId?: number | null; kwh?: number; startedAt?: Date; station?: number } = {}) => {
  const startedAt = options.startedAt ?? AFTERNOON;
  return buildCharge(db(), {
    userId: options.userId === undefined ? (await buildUser(db())).id : options.userId,
    stationId: options.station ?? stationId,
    startedAt,
    finish: {
      status: 'finished',
      meterStopWh: (options.kwh ?? 10) * 1000,
      finishedAt: new Date(startedAt.getTime() + 30 * MINUTE),
    },
  });
};

describe('choosing the promotion at finish', () => {
  it('applies the largest discount among those the charge qualifies for, and explains the choice', async () => {
    const ten = await buildPromotion(db(), { ...around, discountPercent: 10 });
    const amount = await buildPromotion(db(), { ...around, discountAmount: 30_00n, minChargeAmount: 100_00n });
    const fifteen = await buildPromotion(db(), { ...around, discountPercent: 15 });
    const finished = await charge();
    // 200.00 som: 10% is 20.00, 15% is 30.00, the amount 30.00 too: the older of the equal ones wins.
    expect(finished).toMatchObject({ promotionId: amount.id, amount: 200_00n, discount: 30_00n, totalCost: 170_00n });
    const [use] = await db().select().from(promotionUses).where(eq(promotionUses.chargeId, finished.id));
    expect(use).toMatchObject({ promotionId: amount.id, amount: 200_00n, discount: 30_00n, energyWh: 10_000 });
    expect(use?.reason).toContain(`Promotion #${amount.id}`);
    expect(use?.reason).toContain(`#${ten.id} (20.00)`);
    expect(use?.reason).toContain(`#${fifteen.id} (30.00)`);
  });

  it('debits the discounted cost through the ledger', async () => {
    await buildPromotion(db(), { ...around, discountPercent: 25 });
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    const finished = await charge({ userId: user.id });
    const [entry] = await db()
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.chargeId, finished.id), eq(balanceEntries.basis, 'charge_payment')));
    expect(entry?.debit).toBe(150_00n);
    expect(await balanceOf(db(), user.id)).toBe(350_00n);
  });

  it('skips inactive promotions, those out of their period, of another merchant or of other stations', async () => {
    const other = await buildMerchant(db());
    const otherStation = await buildStation(db(), { merchantId: other.id });
    await buildPromotion(db(), { ...around, discountPercent: 50, isActive: false });
    await buildPromotion(db(), {
      startsAt: new Date(AFTERNOON.getTime() + MINUTE),
      endsAt: around.endsAt,
      discountPercent: 50,
    });
    await buildPromotion(db(), { startsAt: around.startsAt, endsAt: AFTERNOON, discountPercent: 50 });
    await buildPromotion(db(), { ...around, merchantId: other.id, discountPercent: 50 });
    await buildPromotion(db(), { ...around, merchantId, stationIds: [otherStation.id], discountPercent: 50 });
    const finished = await charge();
    expect(finished).toMatchObject({ promotionId: null, discount: 0n, totalCost: 200_00n });
    const own = await buildPromotion(db(), { ...around, merchantId, discountPercent: 5 });
    expect(await charge()).toMatchObject({ promotionId: own.id, discount: 10_00n });
    const picked = await buildPromotion(db(), { ...around, merchantId, stationIds: [stationId], discountPercent: 7 });
    expect(await charge()).toMatchObject({ promotionId: picked.id, discount: 14_00n });
  });

  it('counts happy hours in Bishkek time, the start included and the end excluded, across midnight', async () => {
    // 14:00 to 15:00 Bishkek.
    const happy = await buildPromotion(db(), { ...around, happyStart: 14 * 60, happyEnd: 15 * 60 });
    expect(bishkekMinuteOfDay(AFTERNOON)).toBe(14 * 60);
    expect(await charge({ startedAt: AFTERNOON })).toMatchObject({ promotionId: happy.id });
    expect(await charge({ startedAt: new Date(AFTERNOON.getTime() + 59 * MINUTE) })).toMatchObject({
      promotionId: happy.id,
    });
    expect(await charge({ startedAt: new Date(AFTERNOON.getTime() + 60 * MINUTE) })).toMatchObject({
      promotionId: null,
    });
    expect(await charge({ startedAt: new Date(AFTERNOON.getTime() - MINUTE) })).toMatchObject({ promotionId: null });
    await db().delete(promotions);
    // 22:00 to 06:00 Bishkek: 23:30 and 05:30 are in, 06:00 and 21:59 out.
    const night = await buildPromotion(db(), { ...around, happyStart: 22 * 60, happyEnd: 6 * 60 });
    const at = (hours: number, minutes: number) => new Date(Date.UTC(2026, 10, 24, hours - 6, minutes));
    expect(await charge({ startedAt: at(23, 30) })).toMatchObject({ promotionId: night.id });
    expect(await charge({ startedAt: at(5, 30) })).toMatchObject({ promotionId: night.id });
    expect(await charge({ startedAt: at(6, 0) })).toMatchObject({ promotionId: null });
    expect(await charge({ startedAt: at(21, 59) })).toMatchObject({ promotionId: null });
  });

  it('needs the minimum amount before the discount', async () => {
    const promotion = await buildPromotion(db(), { ...around, discountAmount: 50_00n, minChargeAmount: 200_00n });
    expect(await charge({ kwh: 9.999 })).toMatchObject({ promotionId: null, totalCost: 199_98n });
    expect(await charge({ kwh: 10 })).toMatchObject({ promotionId: promotion.id, totalCost: 150_00n });
  });

  it("needs the user's minimum number of earlier delivered charges", async () => {
    const user = await buildUser(db());
    const loyal = await buildPromotion(db(), { ...around, discountPercent: 20, minChargesCount: 2 });
    expect(await charge({ userId: user.id })).toMatchObject({ promotionId: null });
    expect(await charge({ userId: user.id })).toMatchObject({ promotionId: null });
    expect(await charge({ userId: user.id })).toMatchObject({ promotionId: loyal.id, discount: 40_00n });
    // A charge without a user has no count to show.
    expect(await charge({ userId: null })).toMatchObject({ promotionId: null });
  });

  it('gives no promotion to a charge that delivered nothing', async () => {
    await buildPromotion(db(), { ...around, discountPercent: 20 });
    expect(await charge({ kwh: 0 })).toMatchObject({ promotionId: null, discount: 0n });
    expect(await db().select().from(promotionUses).where(eq(promotionUses.amount, 0n))).toEqual([]);
  });
});

describe('discountOf', () => {
  it('rounds a percentage half up and never gives more than the amount', () => {
    expect(discountOf(1236n, 15, null)).toBe(185n);
    expect(discountOf(1000n, null, 2000n)).toBe(1000n);
    expect(discountOf(1000n, 100, null)).toBe(1000n);
  });
});

describe('the report', () => {
  const headers = async () => {
    const { buildAccount, signIn } = await import('../../test/builders');
    return (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  };

  it("counts each promotion's charges, users, kWh, turnover before discount and discount as the charges say", async () => {
    const ten = await buildPromotion(db(), { ...around, discountPercent: 10, title: 'Ten' });
    const users = [(await buildUser(db())).id, (await buildUser(db())).id];
    // Two charges of one driver and one of another on the 24th (Bishkek), one on the 25th.
    const made = [
      await charge({ userId: users[0], kwh: 10 }),
      await charge({ userId: users[0], kwh: 5, startedAt: new Date(AFTERNOON.getTime() + 60 * MINUTE) }),
      await charge({ userId: users[1], kwh: 2.5, startedAt: new Date(AFTERNOON.getTime() + 120 * MINUTE) }),
      await charge({ userId: users[1], kwh: 1, startedAt: new Date(AFTERNOON.getTime() + DAY - 4 * 60 * MINUTE) }),
    ];
    expect(made.every((row) => row.promotionId === ten.id)).toBe(true);
    const auth = await headers();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/ads/promotions/report/?period__from=2026-11-24&period__to=2026-11-26&promotion=${ten.id}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    const sum = (pick: (row: (typeof made)[number]) => bigint | number) =>
      made.reduce((total, row) => total + BigInt(pick(row)), 0n);
    const som = (tyiyn: bigint) => `${tyiyn / 100n}.${String(tyiyn % 100n).padStart(2, '0')}`;
    const expected = {
      charges: 4,
      users: 2,
      energy_kwh: '18.500',
      turnover: som(sum((row) => row.amount)),
      discount: som(sum((row) => row.discount)),
      average_discount: som((sum((row) => row.discount) * 2n + 4n) / 8n),
    };
    expect(expected).toMatchObject({ turnover: '370.00', discount: '37.00', average_discount: '9.25' });
    expect(report.rows).toEqual([
      { promotion_id: ten.id, title_ru: 'Ten', title_en: 'Ten', title_ky: 'Ten', ...expected },
    ]);
    expect(report.totals).toEqual(expected);
    expect(report.daily).toEqual([
      { day: '2026-11-24', charges: 3 },
      { day: '2026-11-25', charges: 1 },
      { day: '2026-11-26', charges: 0 },
    ]);
    // A day outside the period counts nothing.
    const outside = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ads/promotions/report/?period__from=2026-11-26&period__to=2026-11-26',
      headers: auth,
    });
    expect(outside.json().totals.charges).toBe(0);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/ads/promotions/report/export/?period__from=2026-11-24&period__to=2026-11-26&format=csv&promotion=${ten.id}`,
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('promotions_2026-11-24_2026-11-26.csv');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\n')
        .slice(0, 3),
    ).toEqual([
      'Promotion ID,Promotion,Charges,Users,"Energy, kWh","Turnover before discount, som","Discount, som","Average discount, som"',
      `${ten.id},Ten,4,2,18.500,370.00,37.00,9.25`,
      ',Total,4,2,18.500,370.00,37.00,9.25',
    ]);
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ads/promotions/report/export/?period__from=2026-11-24&period__to=2026-11-26',
      headers: auth,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a period whose end is before its start', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ads/promotions/report/?period__from=2026-11-24&period__to=2026-11-20',
      headers: { ...(await headers()), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['period__to']);
  });
});
