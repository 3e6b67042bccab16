import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { seedDemoAccounts } from '../accounts';
import { DEMO_USERS, DEMO_YEAR_DAYS, demoTopUpCredits, demoUser, seedUsers } from './users.seed';
import { appUsers, balanceEntries, userIdTags } from './users.tables';

let ctx: TestContext;
const NOW = Date.parse('2026-03-14T09:30:00Z');
const DAY = 24 * 3600 * 1000;
/** The Bishkek day of an instant. */
const bishkekDay = (instant: number) => new Date(instant + 6 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoAccounts(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

describe('seedUsers', () => {
  it('adds the demo users once; their top-ups come after their registration, in time order', async () => {
    const { db } = ctx.database;
    const first = await seedUsers(db, { count: 300, now: NOW });
    expect(first.users).toBe(300);
    expect(first.idTags).toBeGreaterThan(300);
    expect(await seedUsers(db, { count: 300, now: NOW })).toEqual({ users: 0, idTags: 0 });
    // A larger run adds only the users that are missing.
    expect((await seedUsers(db, { count: 320, now: NOW })).users).toBe(20);
    const [users] = await db.select({ total: count() }).from(appUsers);
    expect(users?.total).toBe(320);

    // The users' seed books no entry (the charges' seed books the top-ups with the charges, in time order).
    const [ledger] = await db.select({ total: count() }).from(balanceEntries);
    expect(ledger?.total).toBe(0);
    const credits = await demoTopUpCredits(db, NOW);
    expect(credits.length).toBeGreaterThan(300);
    const registered = new Map((await db.select().from(appUsers)).map((row) => [row.id, row.registeredAt.getTime()]));
    for (const credit of credits) {
      expect(credit.at.getTime()).toBeGreaterThanOrEqual(registered.get(credit.userId) ?? Infinity);
      expect(credit.at.getTime()).toBeLessThan(NOW);
      expect(credit.amount).toBeGreaterThanOrEqual(100_00n);
      expect(credit.amount).toBeLessThanOrEqual(5000_00n);
      expect(credit.accountId).not.toBeNull();
    }
    // The same top-ups on every run.
    expect(await demoTopUpCredits(db, NOW)).toEqual(credits);

    const [tags] = await db
      .select({ total: count(), distinct: sql<number>`count(distinct ${userIdTags.idTag})::int` })
      .from(userIdTags);
    expect(tags?.distinct).toBe(tags?.total);
    const rows = await db.select().from(appUsers);
    expect(new Set(rows.map((row) => row.referralCode)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.phone).toMatch(/^996(50\d|55\d|70\d|77\d|22\d|99[5-9])\d{6}$/);
      expect(row.registeredAt.getTime()).toBeLessThan(NOW);
      // The launch month before the demo year's first charge at the earliest.
      expect(row.registeredAt.getTime()).toBeGreaterThan(NOW - (DEMO_YEAR_DAYS + 32) * DAY);
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

  it('spreads the registrations as a network grows: a launch cohort, then more every month, some every recent day', () => {
    const registrations = Array.from({ length: DEMO_USERS }, (_, index) =>
      demoUser(index + 1, NOW).row.registeredAt?.getTime(),
    ) as number[];
    expect(registrations.every((at) => at < NOW)).toBe(true);
    const yearStart = NOW - DEMO_YEAR_DAYS * DAY;
    const founders = registrations.filter((at) => at < yearStart).length;
    expect(founders / DEMO_USERS).toBeGreaterThan(0.1);
    expect(founders / DEMO_USERS).toBeLessThan(0.2);
    // Each quarter of the year more than the one before.
    const quarters = [0, 1, 2, 3].map(
      (quarter) =>
        registrations.filter(
          (at) =>
            at >= yearStart + (quarter * DEMO_YEAR_DAYS * DAY) / 4 &&
            at < yearStart + ((quarter + 1) * DEMO_YEAR_DAYS * DAY) / 4,
        ).length,
    );
    expect(quarters).toEqual([...quarters].sort((a, b) => a - b));
    // Every one of the last 30 days (today so far included) has registrations.
    const days = new Set(registrations.map(bishkekDay));
    for (let daysAgo = 0; daysAgo < 30; daysAgo += 1) {
      expect(days.has(bishkekDay(NOW - daysAgo * DAY)), `${daysAgo} days ago`).toBe(true);
    }
  });
});
