import { parseTyiyn, type TUser } from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation } from '../../test/charge-builders';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { heldBy } from './balance-holds';
import { balanceEntries } from './users.tables';

// Concurrent debit corrections on PostgreSQL, where requests really run side by side (PGlite has one connection):
// each reads the available balance under the driver's row lock in the transaction that books it, so that together
// they never take the balance below what running charges hold, nor below zero. Runs in the PostgreSQL run only.
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

/** 20 debits of 10 som at once; answers how many passed, after checking the refusals and the ledger. */
const debitTwentyTimes = async (userId: number) => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/users/${userId}/corrections/`,
        headers: { ...headers, 'accept-language': 'en' },
        payload: { direction: 'debit', amount: '10.00', reason: `Debit ${index}` },
      }),
    ),
  );
  for (const answer of answers) {
    expect([201, 400], answer.body).toContain(answer.statusCode);
  }
  const passed = answers.filter((answer) => answer.statusCode === 201).length;
  const entries = await db()
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.userId, userId), eq(balanceEntries.basis, 'correction')));
  expect(entries).toHaveLength(passed);
  return passed;
};

describe('concurrent debit corrections on PostgreSQL', () => {
  it('20 debits of 10 som at once on 100 som: exactly 10 pass and the balance ends at zero', async () => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '100.00' });
    expect(await debitTwentyTimes(user.id)).toBe(10);
    expect(await expectBalanceIsLedger(db(), user.id)).toBe(0n);
  });

  it('20 debits of 10 som at once beside a running charge: never below what it holds', async () => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '320.00' });
    await buildCharge(db(), { userId: user.id, stationId, meterStartWh: 0, meterWh: 1_000 });
    const before = (
      await context.app.inject({ method: 'GET', url: `/api/v1/users/${user.id}/`, headers })
    ).json<TUser>();
    const held = parseTyiyn(before.held) ?? 0n;
    const available = parseTyiyn(before.available) ?? 0n;
    expect(held).toBeGreaterThan(0n);
    expect(available).toBeGreaterThan(0n);
    expect(available).toBeLessThan(200_00n);
    const passed = await debitTwentyTimes(user.id);
    expect(BigInt(passed)).toBe(available / 10_00n);
    const balance = await expectBalanceIsLedger(db(), user.id);
    expect(balance).toBe(32_000n - BigInt(passed) * 10_00n);
    expect(balance - (await heldBy(db(), user.id))).toBeGreaterThanOrEqual(0n);
    expect(balance - held).toBe(available % 10_00n);
  });
});
