import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, finishedDraft, buildPricedStation } from '../../test/charge-builders';
import { buildPromoCode } from '../../test/promo-code-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { charges, finishCharge, bookCharges } from '../charges';
import { promoCodeRedemptions, promoCodes, promotions, promotionUses } from '../promotions';
import { balanceEntries } from '../users';

// A promotion with promo codes is reached by code only (promotions.chooser.ts): through a redemption naming the
// charge, or one of the user's waiting redemptions, which the next finishing charge the promotion wins takes, once.
// Runs on PGlite and, in the PostgreSQL run, with really concurrent finishes.
let ctx: TestContext;
let headers: Record<string, string>;
let stationId: number;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  stationId = await buildPricedStation(db());
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await db().delete(promotions);
});

/** A driver holding 1,000 som. */
const driver = async () => {
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: '1000.00', createdAt: new Date(Date.now() - 400 * 24 * HOUR) });
  return user.id;
};
const running = (userId: number) =>
  buildCharge(db(), { userId, stationId, startedAt: new Date(Date.now() - 30 * MINUTE), meterWh: 10_000 });
const finish = async (chargeId: number) => {
  const result = await finishCharge(db(), { chargeId, status: 'finished', meterStopWh: 10_000 });
  return result?.finished ? result.charge : null;
};
const redeem = async (code: string, user: number, charge?: number) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/promo-codes/redeem/',
    headers: { ...headers, 'accept-language': 'en' },
    payload: { code, user, ...(charge !== undefined && { charge }) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
};
const redemptionCharge = async (id: number) =>
  (await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.id, id)))[0]?.chargeId;
const reasonOf = async (chargeId: number) =>
  (await db().select().from(promotionUses).where(eq(promotionUses.chargeId, chargeId)))[0]?.reason;

/** Running from 30 days ago for 37 days. */
const month = { startsAt: new Date(Date.now() - 30 * 24 * HOUR), endsAt: new Date(Date.now() + 7 * 24 * HOUR) };

/** A promotion of 30% reached by code, with its code `code` (5 uses, 2 per driver). */
const gated = async (code: string, overrides: Parameters<typeof buildPromotion>[1] = {}) => {
  const promotion = await buildPromotion(db(), {
    ...month,
    discountPercent: 30,
    ...overrides,
  });
  await buildPromoCode(db(), {
    promotionId: promotion.id,
    code,
    totalLimit: 5,
    perUserLimit: 2,
    validFrom: new Date(Date.now() - 30 * 24 * HOUR),
  });
  return promotion;
};

describe('promotions reached by promo code', () => {
  it('do not apply to a charge without a redemption, while an automatic promotion does', async () => {
    const coded = await gated('GATE2345');
    const automatic = await buildPromotion(db(), { discountPercent: 5 });
    const user = await driver();
    const charge = await finish((await running(user)).id);
    expect(charge).toMatchObject({ promotionId: automatic.id, discount: 10_00n });
    expect(await reasonOf(charge?.id ?? 0)).not.toContain('promo code');
    // Alone, and with its code deactivated, it still waits for a redemption.
    await db().delete(promotions).where(eq(promotions.id, automatic.id));
    expect(await finish((await running(user)).id)).toMatchObject({ promotionId: null, discount: 0n });
    await db().update(promoCodes).set({ deactivatedAt: new Date() }).where(eq(promoCodes.promotionId, coded.id));
    expect(await finish((await running(user)).id)).toMatchObject({ promotionId: null, discount: 0n });
  });

  it('apply to the charge the redemption names, which keeps it, the reason naming the code', async () => {
    const coded = await gated('NAME2345');
    const user = await driver();
    const charge = await running(user);
    const redemption = await redeem('name2345', user, charge.id);
    const finished = await finish(charge.id);
    expect(finished).toMatchObject({ promotionId: coded.id, amount: 200_00n, discount: 60_00n, totalCost: 140_00n });
    expect(await redemptionCharge(redemption)).toBe(charge.id);
    expect(await reasonOf(charge.id)).toContain(`eligible through promo code NAME2345 (redemption #${redemption})`);
    expect(await balanceOf(db(), user)).toBe(860_00n);
    // Used: the user's next charge pays in full.
    expect(await finish((await running(user)).id)).toMatchObject({ promotionId: null, discount: 0n });
  });

  it("give a waiting redemption to exactly one of the user's charges finishing at once", async () => {
    const coded = await gated('ONCE2345');
    const user = await driver();
    const [first, second] = [await running(user), await running(user)];
    const redemption = await redeem('ONCE2345', user);
    expect(await redemptionCharge(redemption)).toBeNull();
    const finished = await Promise.all([finish(first.id), finish(second.id)]);
    const withPromotion = finished.filter((charge) => charge?.promotionId === coded.id);
    expect(withPromotion).toHaveLength(1);
    expect(finished.filter((charge) => charge?.promotionId === null)).toHaveLength(1);
    expect(await redemptionCharge(redemption)).toBe(withPromotion[0]?.id);
    expect(await db().select().from(promotionUses).where(eq(promotionUses.promotionId, coded.id))).toHaveLength(1);
    // The ledger holds one 140.00 and one 200.00 payment.
    const debits = await db()
      .select({ debit: balanceEntries.debit })
      .from(balanceEntries)
      .where(inArray(balanceEntries.chargeId, [first.id, second.id]))
      .orderBy(asc(balanceEntries.debit));
    expect(debits.map((row) => row.debit)).toEqual([140_00n, 200_00n]);
    expect(await balanceOf(db(), user)).toBe(660_00n);
  });

  it('keep their other conditions: a redemption waits while they are not met', async () => {
    const coded = await gated('COND2345', { minChargeAmount: 300_00n });
    const user = await driver();
    const redemption = await redeem('COND2345', user);
    expect(await finish((await running(user)).id)).toMatchObject({ promotionId: null });
    expect(await redemptionCharge(redemption)).toBeNull();
    await db().update(promotions).set({ minChargeAmount: 100_00n }).where(eq(promotions.id, coded.id));
    const next = await finish((await running(user)).id);
    expect(next).toMatchObject({ promotionId: coded.id, discount: 60_00n });
    expect(await redemptionCharge(redemption)).toBe(next?.id);
  });

  it('lose to a better automatic promotion: the redemption waits, a named one lets go of the charge', async () => {
    const coded = await gated('BEST2345');
    const automatic = await buildPromotion(db(), { discountPercent: 50 });
    const user = await driver();
    const charge = await running(user);
    const named = await redeem('BEST2345', user, charge.id);
    const finished = await finish(charge.id);
    expect(finished).toMatchObject({ promotionId: automatic.id, discount: 100_00n });
    expect(await reasonOf(charge.id)).toContain(`larger than #${coded.id} (60.00)`);
    expect(await redemptionCharge(named)).toBeNull();
    // Once the automatic one is switched off, the next charge gets the code's.
    await db().update(promotions).set({ status: 1 }).where(eq(promotions.id, automatic.id));
    const next = await finish((await running(user)).id);
    expect(next).toMatchObject({ promotionId: coded.id, discount: 60_00n });
    expect(await redemptionCharge(named)).toBe(next?.id);
  });

  it('apply in the batch finish as one finish after another would', async () => {
    const coded = await gated('BTCH2345', { discountAmount: 25_00n });
    // A weaker automatic promotion, and a stronger one at night only (22:00 to 06:00 Bishkek).
    const automatic = await buildPromotion(db(), { ...month, discountPercent: 5 });
    const night = await buildPromotion(db(), {
      ...month,
      discountPercent: 40,
      happyStart: 22 * 60,
      happyEnd: 6 * 60,
    });
    // Bishkek noon and midnight of days before today.
    const day = (daysAgo: number, bishkekHour: number) => {
      const at = new Date(Date.now() - daysAgo * 24 * HOUR);
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), bishkekHour - 6, 0));
    };
    // Before the redemption (day 5), then at night (the night promotion wins), then twice at noon.
    const finishes = [day(6, 12), day(4, 23), day(3, 12), day(2, 12)];
    const outcome = async (chargeIds: number[], redemption: number) => {
      const rows = await db()
        .select({ id: charges.id, promotionId: charges.promotionId, discount: charges.discount })
        .from(charges)
        .where(inArray(charges.id, chargeIds))
        .orderBy(asc(charges.finishedAt));
      const taken = await redemptionCharge(redemption);
      return {
        rows: rows.map(({ promotionId, discount }) => ({ promotionId, discount })),
        taken: rows.findIndex((row) => row.id === taken),
      };
    };
    const waitingSince = async (code: string, user: number) => {
      const id = await redeem(code, user);
      await db()
        .update(promoCodeRedemptions)
        .set({ createdAt: day(5, 12) })
        .where(eq(promoCodeRedemptions.id, id));
      return id;
    };

    const oneByOne = await driver();
    const single = await waitingSince('BTCH2345', oneByOne);
    const singleIds: number[] = [];
    for (const finishedAt of finishes) {
      const charge = await buildCharge(db(), {
        userId: oneByOne,
        stationId,
        startedAt: new Date(finishedAt.getTime() - 30 * MINUTE),
        finish: { status: 'finished', meterStopWh: 10_000, finishedAt },
      });
      singleIds.push(charge.id);
    }

    const batched = await driver();
    const batch = await waitingSince('BTCH2345', batched);
    const drafts = finishes.map((finishedAt) => finishedDraft(batched, stationId, finishedAt));
    await bookCharges(db(), drafts);
    const batchIds = (await db().select({ id: charges.id }).from(charges).where(eq(charges.userId, batched))).map(
      (row) => row.id,
    );

    const expected = {
      rows: [
        { promotionId: automatic.id, discount: 10_00n },
        { promotionId: night.id, discount: 80_00n },
        { promotionId: coded.id, discount: 25_00n },
        { promotionId: automatic.id, discount: 10_00n },
      ],
      taken: 2,
    };
    expect(await outcome(singleIds, single)).toEqual(expected);
    expect(await outcome(batchIds, batch)).toEqual(expected);
    expect(await balanceOf(db(), batched)).toBe(await balanceOf(db(), oneByOne));
    expect(await reasonOf(batchIds.sort((a, b) => a - b)[2] ?? 0)).toContain('eligible through promo code BTCH2345');
  });
});
