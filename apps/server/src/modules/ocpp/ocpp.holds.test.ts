import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPricedStation } from '../../test/charge-builders';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { finishCharge, readHoldConfig, recordMeterValue, startCharge } from '../charges';
import { balanceEntries, chargeHolds } from '../users';
import { checkHolds } from './ocpp.holds';

// Issue 39, item 2: the holds job (docs/product/payments.md#4-states-and-rules): a hold raised while the balance allows,
// then the charge asked to stop before its cost passes the balance; the finish closes it for its balance.

describe('the holds job', () => {
  let context: TestContext;
  let stationId: number;
  const db = () => context.database.db;

  beforeAll(async () => {
    process.env.HOLD_MODE = 'fixed';
    process.env.HOLD_AMOUNT = '100';
    context = await createTestContext();
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [
        { evse_id: 1, typo: 'type2', custom_fee: '20.00' },
        { evse_id: 1, typo: 'type2', custom_fee: '20.00' },
      ],
    });
    stationId = station.id;
  });
  afterAll(async () => {
    delete process.env.HOLD_MODE;
    delete process.env.HOLD_AMOUNT;
    await context.close();
  });

  const driverWith = async (som: string) => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: som });
    return user.id;
  };
  const start = (userId: number, connectorOcppId: number) =>
    startCharge(db(), { userId, stationId, connectorOcppId, source: 'app', paymentMethod: 'personal_balance' });
  const holdOf = async (chargeId: number) =>
    (await db().select().from(chargeHolds).where(eq(chargeHolds.chargeId, chargeId)))[0]!;

  it('the holds job raises a hold while the balance allows, then asks the charge to stop; it ends closed for its balance', async () => {
    const userId = await driverWith('130.00');
    const charge = await start(userId, 1);
    expect((await holdOf(charge.id)).amount).toBe(100_00n);
    const config = { ...readHoldConfig({ HOLD_MODE: 'fixed', HOLD_AMOUNT: '100' }), checkSeconds: 15 };
    // 4 kWh: 80 som so far, plus the lead (22 kW for 30 s at 20 som: 3.67): still covered.
    await recordMeterValue(db(), charge.id, 4_000);
    expect((await checkHolds(db(), config, new Date())).checks).toEqual([]);
    // 4.9 kWh: 98 som; the hold rises to cover it and two leads (98 + 2 × 3.67), which the balance (30 more) allows.
    await recordMeterValue(db(), charge.id, 4_900);
    const raised = await checkHolds(db(), config, new Date());
    expect(raised.checks).toMatchObject([{ chargeId: charge.id, raisedTo: 10_534n, stop: false }]);
    // 6.4 kWh: 128 som, and nothing left to hold: stop.
    await recordMeterValue(db(), charge.id, 6_400);
    const stopped = await checkHolds(db(), config, new Date());
    expect(stopped.checks).toMatchObject([{ chargeId: charge.id, raisedTo: 130_00n, stop: true }]);
    expect(stopped.stops).toMatchObject([{ chargeId: charge.id, stationId }]);
    // Asked once: the next check does not ask again so soon.
    expect((await checkHolds(db(), config, new Date())).stops).toEqual([]);
    // The charge point stops it a little later, a little past the balance: the debit stops at 0.
    const ended = await finishCharge(db(), { chargeId: charge.id, status: 'stopped', meterStopWh: 6_600 });
    expect(ended?.charge).toMatchObject({ closedBy: 'balance', totalCost: 132_00n, shortfall: 2_00n });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(0n);
    const [debit] = await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id));
    expect(debit).toMatchObject({ basis: 'charge_payment', debit: 130_00n });
  });

  it("settles one driver's charges of a page one after the other: the second gets what the first left", async () => {
    const config = { ...readHoldConfig({ HOLD_MODE: 'fixed', HOLD_AMOUNT: '100' }), checkSeconds: 15 };
    // Two Type 2 connectors (22 kW) at 20 som a kWh, as the station of the other tests.
    const ownStationId = await buildPricedStation(db(), [1, 1]);
    const startOn = (userId: number, connectorOcppId: number) =>
      startCharge(db(), {
        userId,
        stationId: ownStationId,
        connectorOcppId,
        source: 'app',
        paymentMethod: 'personal_balance',
      });
    // 205 som: two holds of 100, and 5 left.
    const userId = await driverWith('205.00');
    const first = await startOn(userId, 1);
    const second = await startOn(userId, 2);
    await recordMeterValue(db(), first.id, 4_900);
    await recordMeterValue(db(), second.id, 4_900);
    // Each needs 98 som and a lead of 3.67: the first takes the 5 left (105, enough); the second, nothing left, stops.
    const { checks, stops } = await checkHolds(db(), config, new Date());
    expect(checks).toMatchObject([
      { chargeId: first.id, hold: 100_00n, raisedTo: 105_00n, stop: false },
      { chargeId: second.id, hold: 100_00n, raisedTo: 100_00n, stop: true },
    ]);
    expect(stops).toMatchObject([{ chargeId: second.id, stationId: ownStationId }]);
    expect(await holdOf(first.id)).toMatchObject({ amount: 105_00n, rises: 1, stopRequestedAt: null });
    expect(await holdOf(second.id)).toMatchObject({ amount: 100_00n, rises: 0 });
    expect((await holdOf(second.id)).stopRequestedAt).toBeInstanceOf(Date);
    await finishCharge(db(), { chargeId: first.id, status: 'stopped', meterStopWh: 4_900 });
    await finishCharge(db(), { chargeId: second.id, status: 'stopped', meterStopWh: 4_900 });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(9_00n);
  });

  it('looks at every running charge, page after page', async () => {
    const config = { ...readHoldConfig({ HOLD_MODE: 'fixed', HOLD_AMOUNT: '100' }), checkSeconds: 15 };
    const first = await start(await driverWith('130.00'), 1);
    const second = await start(await driverWith('130.00'), 2);
    await recordMeterValue(db(), first.id, 4_900);
    await recordMeterValue(db(), second.id, 4_900);
    // A page of one charge: the second is on the next page.
    const { checks } = await checkHolds(db(), config, new Date(), 1);
    expect(checks.map((check) => check.chargeId)).toEqual([first.id, second.id]);
    expect(checks.every((check) => check.raisedTo === 10_534n)).toBe(true);
  });
});
