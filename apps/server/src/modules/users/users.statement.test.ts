import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { raceLedger } from '../../test/ledger-race';
import { createTestContext, type TestContext } from '../../test/test-app';

// A balance's statement reads as a chain (issue 31): ordered by date, each deposit the previous one plus its credit
// minus its debit, the newest deposit the balance, whatever order the top-ups and charge payments were booked in. On
// the embedded database the calls queue; users.statement.pg.test.ts races the same on PostgreSQL.
let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

describe('the statement', () => {
  it('chains by date after top-ups and charge payments, some dated by a charge point whose clock is behind', async () => {
    const report = await raceLedger(ctx.app, ctx.database.db, headers, {
      users: 3,
      topUps: 8,
      charges: 8,
      lagEvery: 3,
      lagMinutes: 10,
      wave: 12,
    });
    expect(report.calls).toBe(48);
  }, 120_000);
});
