import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../seed/check';
import { buildPricedStation, finishedDraft } from '../../test/charge-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { balanceEntries } from '../users';
import { bookCharges } from './charges.engine';

// Charges booked many to a transaction (bookCharges, the demo seed's way) go through finishCharge's own ledger entries:
// each dated after the user's newest entry (the ledger's trigger, migration 0033), deposits chained, the balance and
// the ledger's daily totals moved by the triggers, a blocked user's entries marked.
let ctx: TestContext;
let stationId: number;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const NOON = new Date('2026-11-20T06:00:00Z');
const at = (minutes: number) => new Date(NOON.getTime() + minutes * MINUTE);

beforeAll(async () => {
  ctx = await createTestContext();
  // 10 kWh cost 200.00 som.
  stationId = await buildPricedStation(db());
});
afterAll(async () => {
  await ctx.close();
});

const statement = async (userId: number) =>
  db()
    .select({
      createdAt: balanceEntries.createdAt,
      // The trigger dates an entry a microsecond after the newest: finer than a JavaScript Date holds.
      createdMicros: sql<string>`(extract(epoch from ${balanceEntries.createdAt}) * 1000000)::bigint::text`,
      credit: balanceEntries.credit,
      debit: balanceEntries.debit,
      deposit: balanceEntries.deposit,
      userBlocked: balanceEntries.userBlocked,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId))
    .orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id));

describe('charges booked many to a transaction', () => {
  it('dates entries after the newest one, chains their deposits, moves the balance and keeps the totals', async () => {
    const user = await buildUser(db(), { registeredAt: at(-600) });
    const blocked = await buildUser(db(), { registeredAt: at(-600), status: 1 });
    // A top-up dated after the charges' finishes: their entries stand after it, where the trigger puts them.
    await buildEntry(db(), user.id, { credit: '300.00', createdAt: at(300) });
    await bookCharges(db(), [finishedDraft(user.id, stationId, at(60)), finishedDraft(user.id, stationId, at(120))], {
      credits: [{ userId: blocked.id, amount: 500_00n, method: 'cash', at: at(30) }],
    });
    await bookCharges(db(), [finishedDraft(blocked.id, stationId, at(400))]);

    const mine = await statement(user.id);
    expect(mine.map((entry) => [entry.credit, entry.debit, entry.deposit])).toEqual([
      [300_00n, 0n, 300_00n],
      [0n, 200_00n, 100_00n],
      // The second charge takes what is left and no more: the balance never goes below zero through a charge.
      [0n, 100_00n, 0n],
    ]);
    const times = mine.map((entry) => BigInt(entry.createdMicros));
    expect(times[1]! > times[0]!).toBe(true);
    expect(times[2]! > times[1]!).toBe(true);
    expect(await balanceOf(db(), user.id)).toBe(0n);
    const theirs = await statement(blocked.id);
    expect(theirs.map((entry) => [entry.deposit, entry.userBlocked])).toEqual([
      [500_00n, true],
      [300_00n, true],
    ]);
    expect(await balanceOf(db(), blocked.id)).toBe(300_00n);
    // Balances equal ledgers, statements chain, the ledger's daily totals equal its entries.
    const results = await checkDatabase(db(), { kpis: false });
    expect(results.filter((result) => result.violations > 0)).toEqual([]);
  });
});
