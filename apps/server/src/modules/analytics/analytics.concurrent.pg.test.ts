/**
 * One user's charges finished by two transactions at once, on two days of one ISO week, on PostgreSQL where
 * transactions really run side by side (PGlite has one connection): each finish sees the user days committed before
 * its statement, so without the trigger's per-user advisory lock both would find no other day of the week and count
 * the user twice. Runs in the PostgreSQL run only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';

let ctx: TestContext;
const db = () => ctx.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('the rollups under concurrent finishes, on PostgreSQL', () => {
  it('count a user once in a week whose two days two transactions finish at once', async () => {
    const merchant = await buildMerchant(db());
    const stations = [];
    for (let index = 0; index < 2; index += 1) {
      stations.push(
        await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '20.00' }] }),
      );
    }
    const user = await buildUser(db());
    // Monday and Tuesday of the ISO week of 2026-01-05, noon in Bishkek.
    const days = ['2026-01-05T06:00:00Z', '2026-01-06T06:00:00Z'];
    const running: { id: number }[] = [];
    for (const [index, station] of stations.entries()) {
      running.push(
        await buildCharge(db(), {
          userId: user.id,
          stationId: station.id,
          paymentMethod: 'cash',
          startedAt: new Date(Date.parse(days[index] ?? '') - 30 * 60_000),
        }),
      );
    }
    const finish = (index: number) =>
      sql`update charges set status = 'finished', finished_at = ${days[index]}::timestamptz, energy_wh = 1000
          where id = ${running[index]?.id ?? 0}`;
    // The first transaction finishes Monday's charge and stays open while the second finishes Tuesday's.
    await Promise.all([
      db().transaction(async (tx) => {
        await tx.execute(finish(0));
        await pause(500);
      }),
      (async () => {
        await pause(150);
        await db().transaction(async (tx) => {
          await tx.execute(finish(1));
        });
      })(),
    ]);
    const counts = rowsOf<{ kind: string; users: number }>(
      await db().execute(sql`
        select kind, users from analytics_period_hours
        where merchant_id = ${merchant.id} and metric = 'active' order by kind, period_start`),
    );
    expect(counts).toEqual([
      { kind: 'day', users: 1 },
      { kind: 'day', users: 1 },
      { kind: 'month', users: 1 },
      { kind: 'week', users: 1 },
      { kind: 'year', users: 1 },
    ]);
  });
});
