/**
 * What every test that books money checks afterwards: a user's balance is the sum of their ledger entries, and the
 * entries chain in the statement's order (each deposit the previous one plus its credit less its debit).
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { balanceEntries } from '../modules/users/users.tables';
import { balanceOf } from './user-builders';

/** Checks the user's balance against their entries and answers it (tyiyn). */
export const expectBalanceIsLedger = async (db: Database, userId: number): Promise<bigint> => {
  const entries = await db
    .select({
      id: balanceEntries.id,
      credit: balanceEntries.credit,
      debit: balanceEntries.debit,
      deposit: balanceEntries.deposit,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId))
    .orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id));
  let previous = 0n;
  for (const entry of entries) {
    expect(entry.deposit, `entry ${entry.id}`).toBe(previous + entry.credit - entry.debit);
    previous = entry.deposit;
  }
  const balance = await balanceOf(db, userId);
  expect(balance).toBe(entries.reduce((sum, entry) => sum + entry.credit - entry.debit, 0n));
  expect(balance).toBe(previous);
  return previous;
};
