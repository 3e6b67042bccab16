import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { checkDatabase, describeChecks } from './check';
import { seedDemoInto } from '.';

// `npm run seed:demo -- --small` then `-- --check` in CI's `npm test` (on the embedded database, and on PostgreSQL in
// test:api:pg): the small demo network, seeded twice (the second adds nothing), holds every invariant of check.ts; and
// the check finds a registration after a first charge and a station day that lost a charge.
let ctx: TestContext;
const db = () => ctx.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const counts = async () =>
  rowsOf<Record<string, number>>(
    await db().execute(sql`
      select (select count(*) from app_users)::int as users, (select count(*) from charges)::int as charges,
             (select count(*) from balance_entries)::int as entries, (select count(*) from referrals)::int as referrals,
             (select count(*) from promo_code_redemptions)::int as redemptions`),
  )[0];

describe('the small demo seed', () => {
  it('holds every invariant of seed:demo -- --check, and a second run adds nothing', async () => {
    await seedDemoInto(db(), ctx.config, { scale: 'small' });
    const seeded = await counts();
    expect(seeded?.users).toBe(300);
    // About a charge every other station-day, for 300 drivers as they register: a few hundred charges.
    expect(seeded?.charges).toBeGreaterThan(300);
    // The dashboard's figures of a sample of the periods (npm run seed:demo -- --check takes them all).
    const results = await checkDatabase(db(), { sample: 'quick' });
    console.info(describeChecks(results).join('\n'));
    expect(describeChecks(results.filter((result) => result.violations > 0))).toEqual([]);
    expect(results.every((result) => result.checked > 0)).toBe(true);

    await seedDemoInto(db(), ctx.config, { scale: 'small' });
    expect(await counts()).toEqual(seeded);
  }, 600_000);

  it('finds a user registered after their first charge, and a station day that lost a charge', async () => {
    const [charge] = rowsOf<{ id: number; user_id: number; station_id: number; day: string }>(
      await db().execute(sql`
        select id, user_id, station_id, (finished_at at time zone 'UTC' + interval '6 hours')::date::text as day
        from charges where user_id is not null and status = 'finished' order by finished_at desc limit 1`),
    );
    expect(charge).toBeDefined();
    await db().execute(sql`update app_users set registered_at = now() where id = ${charge?.user_id ?? 0}`);
    await db().execute(sql`
      update station_daily_totals set charges = charges - 1
      where station_id = ${charge?.station_id ?? 0} and day = ${charge?.day ?? ''}::date`);
    const failed = (await checkDatabase(db(), { kpis: false })).filter((result) => result.violations > 0);
    expect(failed.map((result) => result.name)).toEqual([
      'users register before their first charge, top-up, referral and promo code redemption',
      "stations' daily totals equal their delivered charges",
    ]);
    expect(failed[0]?.examples.join('\n')).toContain(`of user ${charge?.user_id ?? 0} `);
  }, 120_000);
});
