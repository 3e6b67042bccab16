import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunningCharge, chargeAuditOf } from '../../test/charge-builders';
import { createStaleChargeContext } from '../../test/stale-charge-context';
import { balanceOf } from '../../test/user-builders';
import { runJobOnce } from '../../platform/scheduler';
import { charges } from '../charges';
import { balanceEntries } from '../users';
import { closeStaleCharges, staleChargesJob } from './ocpp.stale-charges';

// Two server processes closing stale charges at once, on PostgreSQL where transactions really run side by side
// (PGlite has one connection): with the job's advisory lock one tick runs; even without it (two closes racing
// directly) the engine's row lock lets each charge be closed and debited once. Runs in the PostgreSQL run only.
let fixture: Awaited<ReturnType<typeof createStaleChargeContext>>;
let stationId: number;

const db = () => fixture.context.database.db;
const TWO_HOURS = 7_200;
const CHARGES = 8;

beforeAll(async () => {
  fixture = await createStaleChargeContext();
  stationId = fixture.stationId;
});

afterAll(async () => {
  await fixture.close();
});

const staleCharges = () =>
  Promise.all(
    Array.from({ length: CHARGES }, async () => {
      const { user, charge } = await buildRunningCharge(db(), stationId, { silentS: TWO_HOURS + 60 });
      return { userId: user.id, chargeId: charge.id };
    }),
  );

const expectClosedOnce = async (running: { userId: number; chargeId: number }[]) => {
  const ids = running.map(({ chargeId }) => chargeId);
  const rows = await db().select().from(charges).where(inArray(charges.id, ids));
  expect(rows.every((row) => row.status === 'stopped' && row.closedBy === 'auto')).toBe(true);
  expect(await db().select().from(balanceEntries).where(inArray(balanceEntries.chargeId, ids))).toHaveLength(CHARGES);
  const audit = await chargeAuditOf(db(), ids);
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
