import { and, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { buildPricedStation } from '../../test/charge-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { inWaves } from '../../test/waves';
import { finishCharge, readHoldConfig, recordMeterValue, startCharge } from '../charges';
import { chargeHolds } from '../users';
import { checkHolds } from './ocpp.holds';

// PostgreSQL only (vitest.pg.config.ts): the holds job settles a page's holds together, its drivers locked at once
// (ocpp.holds.ts); here it runs as the scheduler runs it (one transaction) while half the charges finish on the
// pool's other connections. Nothing waits on anything forever, and every driver's holds stay within the balance.

let context: TestContext;
let stationId: number;
const db = () => context.database.db;

beforeAll(async () => {
  process.env.HOLD_MODE = 'fixed';
  process.env.HOLD_AMOUNT = '100';
  context = await createTestContext();
  // Two Type 2 connectors (22 kW) at 20 som a kWh.
  stationId = await buildPricedStation(db(), [1, 1]);
});
afterAll(async () => {
  delete process.env.HOLD_MODE;
  delete process.env.HOLD_AMOUNT;
  await context.close();
});

describe('the holds job beside the charges finishing, on PostgreSQL', () => {
  it('raises and stops within each balance while other charges of the same drivers finish', async () => {
    const config = { ...readHoldConfig({ HOLD_MODE: 'fixed', HOLD_AMOUNT: '100' }), checkSeconds: 15 };
    // 120 drivers with 200 to 319 som: two holds of 100 each, and 0 to 119 som left to raise them with.
    const users = await inWaves(
      Array.from({ length: 120 }, (_, index) => async () => {
        const user = await buildUser(db());
        await buildEntry(db(), user.id, { credit: `${200 + index}.00` });
        return user.id;
      }),
    );
    const pairs = await inWaves(
      users.map((userId) => async () => {
        const start = (connectorOcppId: number) =>
          startCharge(db(), { userId, stationId, connectorOcppId, source: 'app', paymentMethod: 'personal_balance' });
        return { userId, first: await start(1), second: await start(2) };
      }),
    );
    // 4.9 kWh (98 som) on every charge: every hold falls short of its cost and lead.
    await inWaves(
      pairs.flatMap(({ first, second }) => [
        () => recordMeterValue(db(), first.id, 4_900),
        () => recordMeterValue(db(), second.id, 4_900),
      ]),
    );
    // Pages of 16: several drivers' locks at once, pages after pages, while the first charges finish.
    const [decided] = await Promise.all([
      db().transaction((tx) => checkHolds(tx, config, new Date(), 16)),
      inWaves(
        pairs.map(
          ({ first }, index) =>
            () =>
              finishCharge(db(), { chargeId: first.id, status: 'finished', meterStopWh: 4_900 + (index % 7) * 100 }),
        ),
        10,
      ),
    ]);
    expect(decided.checks.length).toBeGreaterThan(0);
    expect(decided.stops.length).toBeGreaterThan(0);
    // A second check after the finishes: what the first charges left is there for the second ones.
    await db().transaction((tx) => checkHolds(tx, config, new Date(), 16));
    const held = new Map(
      (
        await db()
          .select({ userId: chargeHolds.userId, held: sql<string>`sum(${chargeHolds.amount})::text` })
          .from(chargeHolds)
          .where(and(inArray(chargeHolds.userId, users), isNull(chargeHolds.releasedAt)))
          .groupBy(chargeHolds.userId)
      ).map((row) => [row.userId, BigInt(row.held)]),
    );
    const holds = new Map(
      (
        await db()
          .select({ chargeId: chargeHolds.chargeId, amount: chargeHolds.amount })
          .from(chargeHolds)
          .where(
            inArray(
              chargeHolds.chargeId,
              pairs.map(({ second }) => second.id),
            ),
          )
      ).map((row) => [row.chargeId, row.amount]),
    );
    // Each second charge's hold covers its cost so far and the lead (98 + 3.67 som), or as much as its driver has.
    for (const { userId, second } of pairs) {
      const balance = await expectBalanceIsLedger(db(), userId);
      expect(balance >= 0n).toBe(true);
      expect((held.get(userId) ?? 0n) <= balance).toBe(true);
      expect(holds.get(second.id)! >= (balance < 101_67n ? balance : 101_67n)).toBe(true);
    }
  });
});
