import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { seedDemoAccounts } from '../accounts';
import { demoUser, seedUsers } from './users.seed';
import { appUsers, balanceEntries, userIdTags } from './users.tables';

let ctx: TestContext;
const NOW = Date.parse('2026-03-14T09:30:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoAccounts(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

describe('seedUsers', () => {
  it('adds the demo users once, and each balance equals its ledger', async () => {
    const { db } = ctx.database;
    const first = await seedUsers(db, { count: 300, now: NOW });
    expect(first.users).toBe(300);
    expect(first.entries).toBeGreaterThan(300);
    expect(first.idTags).toBeGreaterThan(300);
    expect(await seedUsers(db, { count: 300, now: NOW })).toEqual({ users: 0, entries: 0, idTags: 0 });
    // A larger run adds only the users that are missing.
    expect((await seedUsers(db, { count: 320, now: NOW })).users).toBe(20);
    const [users] = await db.select({ total: count() }).from(appUsers);
    expect(users?.total).toBe(320);

    // Every balance is the sum of its entries, and the deposit of its latest entry.
    const mismatches = await db
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(
        sql`${appUsers.balance} <> coalesce((select sum(e.credit - e.debit) from balance_entries e where e.user_id = ${appUsers.id}), 0)
          or ${appUsers.balance} <> coalesce((select e.deposit from balance_entries e where e.user_id = ${appUsers.id} order by e.created_at desc, e.id desc limit 1), 0)`,
      );
    expect(mismatches).toEqual([]);

    const [entries] = await db
      .select({
        total: count(),
        withoutCashier: sql<number>`count(*) filter (where ${balanceEntries.accountId} is null)::int`,
        outOfRange: sql<number>`count(*) filter (where ${balanceEntries.credit} < 10000 or ${balanceEntries.credit} > 500000)::int`,
        inFuture: sql<number>`count(*) filter (where ${balanceEntries.createdAt} > ${new Date(NOW)})::int`,
      })
      .from(balanceEntries);
    expect(entries?.total).toBeGreaterThanOrEqual(first.entries);
    expect(entries).toMatchObject({ withoutCashier: 0, outOfRange: 0, inFuture: 0 });

    const [tags] = await db
      .select({ total: count(), distinct: sql<number>`count(distinct ${userIdTags.idTag})::int` })
      .from(userIdTags);
    expect(tags?.distinct).toBe(tags?.total);
    const rows = await db.select().from(appUsers);
    expect(new Set(rows.map((row) => row.referralCode)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.phone).toMatch(/^996(50\d|55\d|70\d|77\d|22\d|99[5-9])\d{6}$/);
      expect(row.registeredAt.getTime()).toBeLessThan(NOW);
      expect(row.registeredAt.getTime()).toBeGreaterThan(NOW - 366 * 24 * 3600 * 1000);
      expect(Number(row.birthday?.slice(0, 4))).toBeGreaterThanOrEqual(1960);
      expect(Number(row.birthday?.slice(0, 4))).toBeLessThanOrEqual(2005);
    }
    const blocked = rows.filter((row) => row.status === 1).length;
    expect(blocked).toBeGreaterThan(0);
    expect(blocked).toBeLessThan(rows.length * 0.1);
  });

  it('makes the same person from the same number, with a name that matches the gender', () => {
    expect(demoUser(42, NOW)).toEqual(demoUser(42, NOW));
    for (let index = 1; index <= 200; index += 1) {
      const { row } = demoUser(index, NOW);
      const last = row.name.split(' ').at(-1) ?? '';
      if (row.gender === 'female') {
        expect(last).toMatch(/(а|ая|кызы|Ким|Пак|Цой|Шевченко|Бондаренко|Ли)$/);
      } else {
        expect(last).toMatch(/(ов|ев|ёв|ин|уулу|Ким|Пак|Цой|Шевченко|Бондаренко|Ли)$/);
      }
    }
  });
});
