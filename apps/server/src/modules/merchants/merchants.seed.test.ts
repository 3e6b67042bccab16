import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { seedTags } from '../tags/tags.seed';
import { DEMO_MERCHANTS } from './merchants.seed.data';
import { seedMerchants, seedStationDailyTotals } from './merchants.seed';
import { merchants, merchantTags } from './merchants.tables';
import { stationDailyTotals } from './station-daily-totals.tables';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedTags(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

describe('seedMerchants', () => {
  it('adds the demo merchants once, with their tags, and passes the contract rules', async () => {
    expect(await seedMerchants(ctx.database.db)).toBe(DEMO_MERCHANTS.length);
    expect(await seedMerchants(ctx.database.db)).toBe(0);
    const [total] = await ctx.database.db.select({ total: count() }).from(merchants);
    expect(total?.total).toBe(DEMO_MERCHANTS.length);
    const [gazprom] = await ctx.database.db.select().from(merchants).where(eq(merchants.name, 'Газпром нефть Азия'));
    const links = await ctx.database.db.select().from(merchantTags).where(eq(merchantTags.merchantId, gazprom?.id ?? 0));
    expect(links).toHaveLength(4);
  });
});

describe('seedStationDailyTotals', () => {
  it('writes a year of plausible days for stations without totals, once', async () => {
    const [merchant] = await ctx.database.db.select().from(merchants).limit(1);
    const station = await buildStation(ctx.database.db, { merchantId: merchant?.id ?? 0 });
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
