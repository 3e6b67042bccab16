import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { seedStationDailyTotals } from './station-daily-totals.seed';
import { stationDailyTotals } from './station-daily-totals.tables';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('seedStationDailyTotals', () => {
  it('writes a year of plausible days for stations without totals, once', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const station = await buildStation(ctx.database.db, { merchantId: merchant.id });
    expect(await seedStationDailyTotals(ctx.database.db)).toBe(365);
    expect(await seedStationDailyTotals(ctx.database.db)).toBe(0);
    const days = await ctx.database.db.select().from(stationDailyTotals).where(eq(stationDailyTotals.stationId, station.id));
    expect(days).toHaveLength(365);
    for (const day of days) {
      expect(day.charges).toBeGreaterThanOrEqual(0);
      const energy = Number(day.energyKwh);
      expect(energy).toBeLessThanOrEqual(day.charges * 40);
      expect(energy).toBeGreaterThanOrEqual(day.charges * 15);
    }
  });
});
