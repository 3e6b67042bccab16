/**
 * Charges started at once at different stations by different drivers, on PostgreSQL where transactions really run side
 * by side (PGlite has one connection): the network's daily rollup is split into shards by the charge's id
 * (charge-totals.tables.ts), so the second start writes its own shard's row instead of waiting for the first start's
 * transaction to commit. Before the shards, every start of a day wrote one network row and the second waited here
 * until its lock timeout. Runs in the PostgreSQL run only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { chargeTotals } from './charge-totals';

let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("the network's charge totals under concurrent starts, on PostgreSQL", () => {
  it('let a second start through while the first one is still open, and count both', async () => {
    const merchant = await buildMerchant(db());
    const stations = await Promise.all(
      [0, 1].map(() =>
        buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '20.00' }] }),
      ),
    );
    const users = await Promise.all([0, 1].map(() => buildUser(db())));
    // One rollup key for both: the same Bishkek day, status, source, payment method and platform.
    const start = (index: number) => ({
      userId: users[index]?.id ?? 0,
      stationId: stations[index]?.id ?? 0,
      paymentMethod: 'cash' as const,
      startedAt: new Date('2026-02-02T06:00:00Z'),
    });
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstStarted = (_id: number) => {};
    const started = new Promise<number>((resolve) => {
      firstStarted = resolve;
    });
    const first = db().transaction(async (tx) => {
      firstStarted((await buildCharge(tx, start(0))).id);
      await firstHeld;
    });
    // The first start's failure ends the wait too.
    const firstId = await Promise.race([started, first.then(() => 0)]);
    try {
      const second = await db().transaction(async (tx) => {
        // Waiting on the first transaction's rows ends the statement with an error instead of a hung test.
        await tx.execute(sql`set local lock_timeout = '3s'`);
        return buildCharge(tx, start(1));
      });
      expect(second.id % 16).not.toBe(firstId % 16);
    } finally {
      releaseFirst();
      await first;
    }
    const totals = await chargeTotals(db(), { period__from: '2026-02-02', period__to: '2026-02-02' });
    expect(totals.count).toBe(2);
  });
});
