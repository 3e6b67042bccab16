import type { TLedgerResult } from '@zaryad/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation, chargeAuditOf } from '../../test/charge-builders';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { balanceEntries } from '../users';

// Concurrent refunds of one charge on PostgreSQL, where requests really run side by side on separate connections
// (PGlite has one): the charge's row lock makes each refund read what the others left, so that never more than the
// charge debited goes back. Runs in the PostgreSQL run only.
let context: TestContext;
let headers: { authorization: string };
let stationId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'finance' }))).headers;
  stationId = await buildPricedStation(db());
});

afterAll(async () => {
  await context.close();
});

describe('concurrent refunds on PostgreSQL', () => {
  it('20 refunds of 10 som at once on a charge that debited 100 som: exactly 10 pass', async () => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    // 5 kWh at 20 som: 100 som debited.
    const charge = await buildCharge(db(), {
      userId: user.id,
      stationId,
      meterStartWh: 0,
      finish: { status: 'finished', meterStopWh: 5_000 },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        context.app.inject({
          method: 'POST',
          url: `/api/v1/users/transactions/${charge.id}/refund/`,
          headers: { ...headers, 'accept-language': 'en' },
          payload: { amount: '10.00', reason: `Refund ${index}` },
        }),
      ),
    );
    const passed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(passed).toHaveLength(10);
    expect(refused.map((answer) => [answer.statusCode, answer.json()])).toEqual(
      Array.from({ length: 10 }, () => [400, { amount: ['At most 0.00 som is left to refund.'] }]),
    );
    // Each success saw a balance of its own: the ten balances 410 to 500 som.
    expect(passed.map((answer) => answer.json<TLedgerResult>().balance).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `${410 + index * 10}.00`),
    );
    const refunds = await db()
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.chargeId, charge.id), eq(balanceEntries.basis, 'refund')));
    expect(refunds).toHaveLength(10);
    expect(await chargeAuditOf(db(), [charge.id])).toHaveLength(10);
    expect(await expectBalanceIsLedger(db(), user.id)).toBe(50_000n);
  });
});
