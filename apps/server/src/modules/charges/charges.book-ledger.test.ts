import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../seed/check';
import { buildPricedStation, finishedDraft } from '../../test/charge-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { appUsers, balanceEntries } from '../users';
import { finishChargesInBatch } from './charges.engine';

// The batch finish books its ledger entries with the deposits and dates it computed itself (migration 0035: the row
// triggers stand aside under zaryad.ledger_by_batch): the statements, balances and the ledger's daily totals must be
// what the triggers would have made, and the setting must not outlive the batch.
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
      credit: balanceEntries.credit,
      debit: balanceEntries.debit,
      deposit: balanceEntries.deposit,
      userBlocked: balanceEntries.userBlocked,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId))
    .orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id));

describe('the batch finish books the ledger itself', () => {
  it('dates entries after the newest one, chains their deposits, moves the balance once and keeps the totals', async () => {
    const user = await buildUser(db(), { registeredAt: at(-600) });
    const blocked = await buildUser(db(), { registeredAt: at(-600), status: 1 });
    // A top-up dated after the charges' finishes: the batch's entries stand after it, as the trigger would put them.
    await buildEntry(db(), user.id, { credit: '300.00', createdAt: at(300) });
    await finishChargesInBatch(
      db(),
      [finishedDraft(user.id, stationId, at(60)), finishedDraft(user.id, stationId, at(120))],
      {
        credits: [{ userId: blocked.id, amount: 500_00n, method: 'cash', at: at(30) }],
      },
    );
    await finishChargesInBatch(db(), [finishedDraft(blocked.id, stationId, at(400))]);

    const mine = await statement(user.id);
    expect(mine.map((entry) => [entry.credit, entry.debit, entry.deposit])).toEqual([
      [300_00n, 0n, 300_00n],
      [0n, 200_00n, 100_00n],
      [0n, 200_00n, -100_00n],
    ]);
    const times = mine.map((entry) => entry.createdAt.getTime());
    expect(times[1]).toBeGreaterThan(times[0] ?? Infinity);
    expect(times[2]).toBeGreaterThan(times[1] ?? Infinity);
    expect(await balanceOf(db(), user.id)).toBe(-100_00n);
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

  it('leaves the ledger triggers on after it: a balance still changes only through an entry', async () => {
    const user = await buildUser(db(), { registeredAt: at(-600) });
    await finishChargesInBatch(db(), [finishedDraft(user.id, stationId, at(60))]);
    await expect(db().update(appUsers).set({ balance: 1_000_00n }).where(eq(appUsers.id, user.id))).rejects.toThrow();
    const [entry] = await db()
      .insert(balanceEntries)
      .values({ userId: user.id, basis: 'top_up', method: 'cash', credit: 50_00n, debit: 0n })
      .returning({ deposit: balanceEntries.deposit });
    expect(entry?.deposit).toBe(-150_00n);
  });
});
