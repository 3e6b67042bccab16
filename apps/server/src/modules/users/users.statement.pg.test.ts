import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { raceLedger } from '../../test/ledger-race';
import { createTestContext, type TestContext } from '../../test/test-app';

// PostgreSQL only (vitest.pg.config.ts): top-ups and charge payments of the same users on the app's pooled connections
// really run side by side, and each user's statement must still chain by date to its balance.
let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

describe('the statement on PostgreSQL', () => {
  it('chains by date after concurrent top-ups and charge payments of the same users', async () => {
    const report = await raceLedger(ctx.app, ctx.database.db, headers, {
      users: 4,
      topUps: 25,
      charges: 25,
      lagEvery: 5,
      lagMinutes: 10,
      wave: 50,
    });
    expect(report.calls).toBe(200);
  }, 180_000);
});
