import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { inWaves } from '../../test/waves';
import { appUsers, balanceEntries, chargeHolds } from '../users';
import { finishCharge, startCharge } from './charges.engine';

// PostgreSQL only (vitest.pg.config.ts): 200 drivers each charging twice at once, every start and finish on the pool's
// connections side by side (issue 39): the driver's row lock keeps the holds within the balance and the debits from
// taking it below zero.

let context: TestContext;
let stationId: number;
const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [
      { evse_id: 1, typo: 'type2', custom_fee: '20.00' },
      { evse_id: 1, typo: 'type2', custom_fee: '20.00' },
    ],
  });
  stationId = station.id;
});
afterAll(async () => {
  await context.close();
});

describe('two charges at once of each of 200 drivers, on PostgreSQL', () => {
  it('hold within the balance, debit at most what it has, and leave every balance equal to its ledger and ≥ 0', async () => {
    const users = await inWaves(
      Array.from({ length: 200 }, (_, index) => async () => {
        const user = await buildUser(db());
        // 50 to 249 som each.
        await buildEntry(db(), user.id, { credit: `${50 + index}.00` });
        return { id: user.id, balance: BigInt(50 + index) * 100n };
      }),
    );
    // Both charges of a driver start at the same moment (each its own transaction).
    const started = await inWaves(
      users.flatMap((user) =>
        [1, 2].map(
          (connectorOcppId) => () =>
            startCharge(db(), {
              userId: user.id,
              stationId,
              connectorOcppId,
              source: 'app',
              paymentMethod: 'personal_balance',
            }),
        ),
      ),
    );
    expect(started).toHaveLength(400);
    const held = await db()
      .select({ userId: chargeHolds.userId, held: sql<string>`sum(${chargeHolds.amount})::text` })
      .from(chargeHolds)
      .where(
        and(
          inArray(
            chargeHolds.userId,
            users.map((user) => user.id),
          ),
          isNull(chargeHolds.releasedAt),
        ),
      )
      .groupBy(chargeHolds.userId);
    expect(held).toHaveLength(200);
    for (const row of held) {
      const user = users.find((candidate) => candidate.id === row.userId)!;
      expect(BigInt(row.held) <= user.balance).toBe(true);
    }
    // Each charge delivers 3 to 10 kWh (60 to 200 som): together more than most balances hold. All finish at once.
    const finished = await inWaves(
      started.map(
        (charge, index) => () =>
          finishCharge(db(), { chargeId: charge.id, status: 'finished', meterStopWh: 3_000 + ((index * 37) % 7_000) }),
      ),
    );
    expect(finished.every((result) => result?.finished)).toBe(true);
    let totalCost = 0n;
    let shortfall = 0n;
    for (const result of finished) {
      totalCost += result!.charge.totalCost;
      shortfall += result!.charge.shortfall;
    }
    const [debits] = await db()
      .select({ sum: sql<string>`coalesce(sum(${balanceEntries.debit}), 0)::text` })
      .from(balanceEntries)
      .where(
        and(
          eq(balanceEntries.basis, 'charge_payment'),
          inArray(
            balanceEntries.chargeId,
            started.map((charge) => charge.id),
          ),
        ),
      );
    // Every tyiyn of every cost is either debited or the charge's shortfall.
    expect(BigInt(debits!.sum) + shortfall).toBe(totalCost);
    expect(shortfall > 0n).toBe(true);
    for (const user of users) {
      const balance = await expectBalanceIsLedger(db(), user.id);
      expect(balance >= 0n).toBe(true);
    }
    const negative = await db()
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(
        and(
          inArray(
            appUsers.id,
            users.map((user) => user.id),
          ),
          sql`${appUsers.balance} < 0`,
        ),
      );
    expect(negative).toEqual([]);
    const open = await db()
      .select()
      .from(chargeHolds)
      .where(
        and(
          inArray(
            chargeHolds.userId,
            users.map((user) => user.id),
          ),
          isNull(chargeHolds.releasedAt),
        ),
      );
    expect(open).toEqual([]);
  }, 120_000);
});
