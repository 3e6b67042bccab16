import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { runJobOnce } from '../../platform/scheduler';
import { auditLog } from '../audit';
import { charges } from '../charges';
import { balanceEntries } from '../users';
import { closeStaleCharges, staleChargesJob } from './ocpp.stale-charges';

// Two server processes closing stale charges at once, on PostgreSQL where transactions really run side by side
// (PGlite has one connection): with the job's advisory lock one tick runs; even without it (two closes racing
// directly) the engine's row lock lets each charge be closed and debited once. Runs in the PostgreSQL run only.
let context: TestContext;
let stationId: number;

const db = () => context.database.db;
const TWO_HOURS = 7_200;
const CHARGES = 8;

beforeAll(async () => {
  process.env.OCPP_STALE_CHARGE_S = '31536000';
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  stationId = (await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '20.00' }] }))
    .id;
});

afterAll(async () => {
  await context.close();
  delete process.env.OCPP_STALE_CHARGE_S;
});

const staleCharges = () =>
  Promise.all(
    Array.from({ length: CHARGES }, async () => {
      const user = await buildUser(db());
      await buildEntry(db(), user.id, { credit: '500.00' });
      const charge = await buildCharge(db(), { userId: user.id, stationId, meterWh: 5_000 });
      await db()
        .update(charges)
        .set({ meterAt: new Date(Date.now() - (TWO_HOURS + 60) * 1000) })
        .where(eq(charges.id, charge.id));
      return { userId: user.id, chargeId: charge.id };
    }),
  );

const expectClosedOnce = async (running: { userId: number; chargeId: number }[]) => {
  const ids = running.map(({ chargeId }) => chargeId);
  const rows = await db().select().from(charges).where(inArray(charges.id, ids));
  expect(rows.every((row) => row.status === 'stopped' && row.closedBy === 'auto')).toBe(true);
  expect(await db().select().from(balanceEntries).where(inArray(balanceEntries.chargeId, ids))).toHaveLength(CHARGES);
  const audit = await db()
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'charge'),
        inArray(
          auditLog.entityId,
          ids.map((id) => String(id)),
        ),
      ),
    );
  expect(audit).toHaveLength(CHARGES);
  // 5 kWh at 20 som each: 100 som once.
  for (const { userId } of running) {
    expect(await balanceOf(db(), userId)).toBe(40_000n);
  }
};

describe('stale charges closed by two processes at once, on PostgreSQL', () => {
  it('two closes racing without the advisory lock: each charge closed once, by one of them', async () => {
    const running = await staleCharges();
    const now = new Date();
    const [first, second] = await Promise.all([
      db().transaction((tx) => closeStaleCharges(tx, now, TWO_HOURS)),
      db().transaction((tx) => closeStaleCharges(tx, now, TWO_HOURS)),
    ]);
    const ids = running.map(({ chargeId }) => chargeId);
    const closed = [...(first ?? []), ...(second ?? [])].filter((id) => ids.includes(id));
    expect(closed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await expectClosedOnce(running);
  });

  it('two ticks of the scheduled job at once: each charge closed once', async () => {
    const running = await staleCharges();
    const job = staleChargesJob(TWO_HOURS);
    const ticks = await Promise.all([runJobOnce(db(), job), runJobOnce(db(), job), runJobOnce(db(), job)]);
    expect(ticks).toContain(true);
    await expectClosedOnce(running);
  });
});
