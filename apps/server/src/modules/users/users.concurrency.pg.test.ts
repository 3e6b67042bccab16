import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { raceTopUps } from '../../test/top-up-race';

// PostgreSQL only (vitest.pg.config.ts): transactions on the app's pooled connections really run side by side, so
// the user's row lock and the key's unique index are what keep the sums exact.
let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'finance' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

describe('concurrent top-ups on PostgreSQL', () => {
  it('500 top-ups over 10 users in waves of 100, 10% retried at once, a burst of one key: nothing lost, nothing doubled', async () => {
    const report = await raceTopUps(ctx.app, ctx.database.db, headers, {
      users: 10,
      topUps: 500,
      retryEvery: 10,
      keylessEvery: 8,
      burst: 20,
      wave: 100,
    });
    expect(report.requests).toBe(500 + 50 + 20);
    // Proof that requests of one key really met inside the database: the loser's entry was written, then undone.
    expect(report.rolledBack).toBeGreaterThan(0);
    console.info(`top-up race: ${report.requests} requests, ${report.rolledBack} entries rolled back by a key's loser`);
  }, 120_000);
});
