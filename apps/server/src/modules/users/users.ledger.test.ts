import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { appUsers, balanceEntries } from '.';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const db = () => context.database.db;

describe('the balance ledger in the database', () => {
  it('moves the balance with each entry and records the balance after it', async () => {
    const user = await buildUser(db());
    expect(await balanceOf(db(), user.id)).toBe(0n);
    expect((await buildEntry(db(), user.id, { credit: '1500.50' })).deposit).toBe(150050n);
    expect((await buildEntry(db(), user.id, { debit: '2000.00' })).deposit).toBe(-49950n);
    expect(await balanceOf(db(), user.id)).toBe(-49950n);
    const [sum] = await db()
      .select({ total: sql<string>`sum(${balanceEntries.credit} - ${balanceEntries.debit})` })
      .from(balanceEntries)
      .where(eq(balanceEntries.userId, user.id));
    expect(BigInt(sum?.total ?? 0)).toBe(-49950n);
  });

  it('marks an entry made while the user is blocked', async () => {
    const user = await buildUser(db(), { status: 1 });
    await buildEntry(db(), user.id, { credit: '10' });
    const [entry] = await db().select().from(balanceEntries).where(eq(balanceEntries.userId, user.id));
    expect(entry?.userBlocked).toBe(true);
  });

  it('refuses to change or delete an entry, and to move a balance outside the ledger', async () => {
    const user = await buildUser(db());
    const entry = await buildEntry(db(), user.id, { credit: '10' });
    await expect(
      db().update(balanceEntries).set({ comment: 'x' }).where(eq(balanceEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(db().delete(balanceEntries).where(eq(balanceEntries.id, entry.id))).rejects.toThrow();
    await expect(db().update(appUsers).set({ balance: 5n }).where(eq(appUsers.id, user.id))).rejects.toThrow();
    expect(await balanceOf(db(), user.id)).toBe(1000n);
  });

  it('refuses an entry with both or neither of debit and credit', async () => {
    const user = await buildUser(db());
    await expect(
      db()
        .insert(balanceEntries)
        .values({ userId: user.id, basis: 'correction', method: 'cash', debit: 1n, credit: 1n }),
    ).rejects.toThrow();
    await expect(
      db().insert(balanceEntries).values({ userId: user.id, basis: 'correction', method: 'cash' }),
    ).rejects.toThrow();
    expect(await balanceOf(db(), user.id)).toBe(0n);
  });
});
