import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharge, finishedDraft } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { promotionUses } from '../promotions';
import { bookCharges } from './charges.engine';
import { charges } from './charges.tables';

// Charges booked many to a transaction (bookCharges, the demo seed's way) get their promotions from finishCharge: the
// best one a delivered charge qualifies for, its use recorded with the reason, the ledger debiting the discounted cost.
let ctx: TestContext;
let stationId: number;
let otherStationId: number;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const NOON = new Date('2026-11-20T06:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  const merchant = await buildMerchant(db());
  // 20 som per kWh: 10 kWh cost 200.00 som.
  const fee = [{ evse_id: 1, custom_fee: '20.00' }];
  stationId = (await buildStation(db(), { merchantId: merchant.id, connectors: fee })).id;
  otherStationId = (await buildStation(db(), { merchantId: merchant.id, connectors: fee })).id;
});
afterAll(async () => {
  await ctx.close();
});

const draft = finishedDraft;

describe('promotions of charges booked many to a transaction', () => {
  it('gives each delivered charge the best promotion it qualifies for, as one by one, and records why', async () => {
    const period = {
      startsAt: new Date(NOON.getTime() - 24 * 60 * MINUTE),
      endsAt: new Date(NOON.getTime() + 24 * 60 * MINUTE),
    };
    const network = await buildPromotion(db(), { ...period, discountPercent: 10 });
    // 30 som off at this station, for drivers with at least one delivered charge before.
    const loyal = await buildPromotion(db(), {
      ...period,
      stationIds: [stationId],
      discountAmount: 30_00n,
      minChargeAmount: 100_00n,
      minChargesCount: 1,
    });
    // Switched off by hand: never applies.
    await buildPromotion(db(), { ...period, discountPercent: 90, isActive: false });
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '1000.00', createdAt: new Date(NOON.getTime() - 60 * MINUTE) });
    const at = (minutes: number) => new Date(NOON.getTime() + minutes * MINUTE);

    await bookCharges(db(), [
      draft(user.id, stationId, at(0)),
      draft(user.id, stationId, at(60)),
      draft(user.id, otherStationId, at(120)),
    ]);
    const rows = await db()
      .select({
        id: charges.id,
        promotionId: charges.promotionId,
        discount: charges.discount,
        total: charges.totalCost,
      })
      .from(charges)
      .where(eq(charges.userId, user.id))
      .orderBy(asc(charges.finishedAt));
    // The first: no charge before, so only the network's 10%; the second: the loyal 30 som beat 20; the third: not
    // the loyal promotion's station.
    expect(rows.map((row) => [row.promotionId, row.discount, row.total])).toEqual([
      [network.id, 20_00n, 180_00n],
      [loyal.id, 30_00n, 170_00n],
      [network.id, 20_00n, 180_00n],
    ]);
    const uses = await db()
      .select()
      .from(promotionUses)
      .where(
        inArray(
          promotionUses.chargeId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(promotionUses.finishedAt));
    expect(uses.map((use) => [use.promotionId, use.amount, use.discount])).toEqual([
      [network.id, 200_00n, 20_00n],
      [loyal.id, 200_00n, 30_00n],
      [network.id, 200_00n, 20_00n],
    ]);
    expect(uses[1]?.reason).toBe(
      `Promotion #${loyal.id} (30.00): discount 30.00 of 200.00; larger than #${network.id} (20.00)`,
    );
    expect(await balanceOf(db(), user.id)).toBe(1000_00n - 530_00n);

    // The same charge finished one by one gets the same promotion and discount.
    const single = await buildCharge(db(), {
      userId: user.id,
      stationId,
      startedAt: at(150),
      finish: { status: 'finished', meterStopWh: 10_000, finishedAt: at(180) },
    });
    const [alone] = await db()
      .select({ promotionId: charges.promotionId, discount: charges.discount })
      .from(charges)
      .where(eq(charges.id, single.id));
    expect(alone).toEqual({ promotionId: loyal.id, discount: 30_00n });
  });
});
