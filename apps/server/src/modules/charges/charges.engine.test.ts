import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRate } from '../../test/catalogue-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { stationDailyTotals } from '../stations';
import { balanceEntries } from '../users';
import { chargeCost, finishCharge, recordMeterValue, startCharge } from './charges.engine';
import { energyOnlyTariff, priceCharge } from '../rates';

let context: TestContext;
let stationId: number;
beforeAll(async () => {
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  // Connector 1 has a personal tariff of 20 som/kWh; connector 2 (CCS2) takes its type's default rate, 25.50.
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [
      { evse_id: 1, typo: 'type2', custom_fee: '20.00' },
      { evse_id: 1, typo: 'ccs2', power_kWh: 60 },
    ],
  });
  stationId = station.id;
  await buildRate(db(), { rateType: 'default', typo: 'ccs2', fee: '25.50', isActive: true });
});
afterAll(async () => {
  await context.close();
});

const db = () => context.database.db;

const topUp = async (som: string) => {
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: som });
  return user.id;
};

describe('charge cost', () => {
  it('rounds once, half up, and never discounts below zero', () => {
    const energyOnly = (wh: number, price: bigint) =>
      priceCharge({
        versions: [{ id: null, effectiveFrom: new Date(0), tariff: energyOnlyTariff(price) }],
        startedAt: new Date('2026-11-01T10:00:00Z'),
        finishedAt: new Date('2026-11-01T11:00:00Z'),
        meterStartWh: 0,
        meterStopWh: wh,
        rises: [],
        powerKw: 22,
      }).amount;
    // 12.345 kWh at 20.00 som = 246.90 som.
    expect(chargeCost(energyOnly(12_345, 2000n), 0, 0n)).toEqual({ amount: 24_690n, discount: 0n, totalCost: 24_690n });
    // 1.001 kWh at 12.35 = 12.36235 som -> 12.36; 15% of it is 1.854 -> 1.85.
    expect(chargeCost(energyOnly(1_001, 1235n), 15, 0n)).toEqual({ amount: 1236n, discount: 185n, totalCost: 1051n });
    expect(chargeCost(energyOnly(1_000, 1000n), 50, 100_00n)).toEqual({
      amount: 1000n,
      discount: 1000n,
      totalCost: 0n,
    });
  });
});

describe('finishing a charge', () => {
  it('costs a personal tariff, debits the balance through the ledger and adds to the day rollup', async () => {
    const userId = await topUp('1000.00');
    const charge = await startCharge(db(), {
      userId,
      stationId,
      connectorOcppId: 1,
      source: 'app',
      paymentMethod: 'personal_balance',
      meterStartWh: 5_000,
    });
    expect(charge.tariffKind).toBe('personal');
    expect(await recordMeterValue(db(), charge.id, 10_000)).toBe(true);
    const result = await finishCharge(db(), {
      chargeId: charge.id,
      status: 'finished',
      meterStopWh: 17_345,
      finishedAt: new Date('2026-03-10T20:30:00Z'),
    });
    expect(result?.finished).toBe(true);
    expect(result?.charge).toMatchObject({
      energyWh: 12_345,
      amount: 24_690n,
      totalCost: 24_690n,
      shortfall: 0n,
      status: 'finished',
      transactionStatus: 'successful',
    });
    expect(await balanceOf(db(), userId)).toBe(100_000n - 24_690n);
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id));
    expect(entries).toMatchObject([
      { basis: 'charge_payment', method: 'personal_balance', debit: 24_690n, deposit: 75_310n },
    ]);
    // 20:30 UTC is 02:30 the next day in Bishkek.
    const [day] = await db()
      .select()
      .from(stationDailyTotals)
      .where(and(eq(stationDailyTotals.stationId, stationId), eq(stationDailyTotals.day, '2026-03-11')));
    expect(day).toMatchObject({ charges: 1, energyKwh: '12.345', turnover: '246.90' });
  });

  it('costs a default rate fixed at the start, less a promotion', async () => {
    const userId = await topUp('100.00');
    const charge = await startCharge(db(), {
      userId,
      stationId,
      connectorOcppId: 2,
      source: 'rfid',
      paymentMethod: 'cash',
      promotion: { id: 7, percent: 10, fixedTyiyn: 0n },
    });
    expect(charge).toMatchObject({ tariffKind: 'default', pricePerKwh: 2550n, promotionId: 7 });
    const result = await finishCharge(db(), { chargeId: charge.id, status: 'finished', meterStopWh: 2_000 });
    expect(result?.charge).toMatchObject({ amount: 5100n, discount: 510n, totalCost: 4590n });
    // Paid in cash: the balance is not touched.
    expect(await balanceOf(db(), userId)).toBe(10_000n);
  });

  it('is harmless the second time: one debit only', async () => {
    const userId = await topUp('500.00');
    const charge = await startCharge(db(), {
      userId,
      stationId,
      connectorOcppId: 1,
      source: 'app',
      paymentMethod: 'personal_balance',
    });
    const finishes = await Promise.all([
      finishCharge(db(), { chargeId: charge.id, status: 'finished', meterStopWh: 1_000 }),
      finishCharge(db(), { chargeId: charge.id, status: 'stopped', meterStopWh: 9_000 }),
    ]);
    expect(finishes.filter((result) => result?.finished)).toHaveLength(1);
    expect(await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id))).toHaveLength(1);
    expect(await recordMeterValue(db(), charge.id, 20_000)).toBe(false);
  });

  it('finishes a charge the balance cannot cover and records the shortfall', async () => {
    const userId = await topUp('50.00');
    const charge = await startCharge(db(), {
      userId,
      stationId,
      connectorOcppId: 1,
      source: 'app',
      paymentMethod: 'personal_balance',
    });
    const result = await finishCharge(db(), { chargeId: charge.id, status: 'finished', meterStopWh: 10_000 });
    // 10 kWh at 20 som = 200 som; 50 were there: the debit takes them, 150 are short, the balance stops at 0.
    expect(result?.charge).toMatchObject({ totalCost: 20_000n, shortfall: 15_000n, status: 'finished' });
    expect(await balanceOf(db(), userId)).toBe(0n);
    expect(await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id))).toMatchObject([
      { debit: 5_000n },
    ]);
  });

  it('books nothing for a failed charge', async () => {
    const userId = await topUp('50.00');
    const charge = await startCharge(db(), {
      userId,
      stationId,
      connectorOcppId: 1,
      source: 'app',
      paymentMethod: 'personal_balance',
    });
    const result = await finishCharge(db(), { chargeId: charge.id, status: 'unauthorized', meterStopWh: 3_000 });
    expect(result?.charge).toMatchObject({ energyWh: 0, totalCost: 0n, transactionStatus: 'failed' });
    expect(await balanceOf(db(), userId)).toBe(5_000n);
  });

  it('answers null for a charge that does not exist', async () => {
    expect(await finishCharge(db(), { chargeId: 987_654, status: 'finished' })).toBeNull();
  });
});
