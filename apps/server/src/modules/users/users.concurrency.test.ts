import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { raceTopUps } from '../../test/top-up-race';

// The embedded database runs one statement at a time, so this checks the protocol (retries fired beside their
// originals, a burst of one key) rather than locks; users.concurrency.pg.test.ts races the same on PostgreSQL.
let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'finance' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

describe('concurrent top-ups', () => {
  it('200 top-ups over 5 users in waves of 100, 10% retried at once with their key: every balance is its exact sum and its ledger', async () => {
    const report = await raceTopUps(ctx.app, ctx.database.db, headers, {
      users: 5,
      topUps: 200,
      retryEvery: 10,
      keylessEvery: 8,
      burst: 10,
      wave: 100,
    });
    // 200 top-ups, every tenth sent twice (each of those has a key), and 10 of one key at once.
    expect(report.requests).toBe(200 + 20 + 10);
  }, 120_000);
});
