import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { seedTags } from '../tags';
import { DEMO_MERCHANTS } from './merchants.seed.data';
import { seedMerchants } from './merchants.seed';
import { merchants, merchantTags } from './merchants.tables';

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
