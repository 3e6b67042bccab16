import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { sqlArray } from './sql-arrays';

describe('sqlArray', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('reaches PostgreSQL as the same values, nulls, booleans and bigints past 2^53 included', async () => {
    const big = 2n ** 60n + 7n;
    const result = (await context.database.db.execute(sql`
      select (${sqlArray([1, null, -3])}::int[])::text as ints, (${sqlArray([big, 0n])}::bigint[])::text as bigs,
        (${sqlArray([true, false])}::boolean[])::text as flags, cardinality(${sqlArray([])}::int[]) as empty
    `)) as unknown as { rows: { ints: string; bigs: string; flags: string; empty: number }[] };
    expect(result.rows[0]).toMatchObject({ ints: '{1,NULL,-3}', bigs: `{${big},0}`, flags: '{t,f}' });
    expect(Number(result.rows[0]?.empty)).toBe(0);
  });
});
