import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunningCharge, chargeAuditOf } from '../../test/charge-builders';
import { createStaleChargeContext } from '../../test/stale-charge-context';
import { balanceOf } from '../../test/user-builders';
import { runJobOnce } from '../../platform/scheduler';
import { charges, recordMeterValue } from '../charges';
import { balanceEntries } from '../users';
import { readOcppConfig } from './ocpp.config';
import { closeStaleCharges, staleChargesJob } from './ocpp.stale-charges';

// The stale-charge job (issue 17, item 3): running charges with no meter value for OCPP_STALE_CHARGE_S are closed by
// the server through the charges engine, flagged 'auto'; fresh ones are left; a second run closes nothing more. The
// app's own tick is pushed a year away so that only the runs here close anything.
let fixture: Awaited<ReturnType<typeof createStaleChargeContext>>;
let stationId: number;

const db = () => fixture.context.database.db;
const TWO_HOURS = 7_200;

beforeAll(async () => {
  fixture = await createStaleChargeContext();
  stationId = fixture.stationId;
});

afterAll(async () => {
  await fixture.close();
});

/** A running charge of a user with 500 som, 5 kWh on the meter, whose last meter value came `silentS` seconds ago. */
const chargeHeardAgo = (silentS: number) => buildRunningCharge(db(), stationId, { silentS });

const chargeRow = async (id: number) => (await db().select().from(charges).where(eq(charges.id, id)))[0];

const close = (now = new Date()) => db().transaction((tx) => closeStaleCharges(tx, now, TWO_HOURS));

describe('closing stale charges', () => {
  it('reads OCPP_STALE_CHARGE_S and OCPP_FORCE_FINISH_AFTER_S, with their defaults', () => {
    expect(readOcppConfig({})).toMatchObject({ staleChargeS: 7_200, forceFinishAfterS: 600 });
    expect(readOcppConfig({ OCPP_STALE_CHARGE_S: '3600', OCPP_FORCE_FINISH_AFTER_S: '0' })).toMatchObject({
      staleChargeS: 3_600,
      forceFinishAfterS: 0,
    });
    // A bad value falls back to the default, as the other OCPP_* settings.
    expect(readOcppConfig({ OCPP_STALE_CHARGE_S: 'soon' }).staleChargeS).toBe(7_200);
  });

  it('closes a stale charge at its last meter reading, flagged auto, debited once, audited by the system', async () => {
    const stale = await chargeHeardAgo(TWO_HOURS + 600);
    const fresh = await chargeHeardAgo(TWO_HOURS - 600);
    const closed = await close();
    expect(closed).toContain(stale.charge.id);
    expect(closed).not.toContain(fresh.charge.id);
    expect(await chargeRow(stale.charge.id)).toMatchObject({
      status: 'stopped',
      transactionStatus: 'successful',
      closedBy: 'auto',
      meterStopWh: 6_000,
      energyWh: 5_000,
      totalCost: 10_000n,
    });
    expect(await balanceOf(db(), stale.user.id)).toBe(40_000n);
    expect(await chargeRow(fresh.charge.id)).toMatchObject({ status: 'in_progress', closedBy: null });
    expect(await balanceOf(db(), fresh.user.id)).toBe(50_000n);
    const audit = await chargeAuditOf(db(), [stale.charge.id]);
    expect(audit).toMatchObject([
      {
        actorId: null,
        action: 'auto_finish',
        changes: { status: { before: 'in_progress', after: 'stopped' }, closed_by: { before: null, after: 'auto' } },
      },
    ]);

    // Idempotent: the next run finds nothing more, and the charge is debited once.
    expect(await close()).not.toContain(stale.charge.id);
    expect(await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, stale.charge.id))).toHaveLength(
      1,
    );
    expect(await balanceOf(db(), stale.user.id)).toBe(40_000n);
  });

  it('leaves a charge whose meter value arrived since: a meter value restarts its clock', async () => {
    const { charge } = await chargeHeardAgo(TWO_HOURS + 600);
    expect(await recordMeterValue(db(), charge.id, 6_500)).toBe(true);
    expect(await close()).not.toContain(charge.id);
    expect((await chargeRow(charge.id))?.status).toBe('in_progress');
    // Two hours later without another one, it goes.
    expect(await close(new Date(Date.now() + (TWO_HOURS + 60) * 1000))).toContain(charge.id);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'stopped', closedBy: 'auto', energyWh: 5_500 });
  });

  it('runs as the scheduled job under its lock: two ticks at once close each charge once', async () => {
    const running = await Promise.all([chargeHeardAgo(TWO_HOURS + 60), chargeHeardAgo(TWO_HOURS + 120)]);
    const job = staleChargesJob(TWO_HOURS);
    const ticks = await Promise.all([runJobOnce(db(), job), runJobOnce(db(), job)]);
    expect(ticks).toContain(true);
    const ids = running.map(({ charge }) => charge.id);
    const rows = await db().select().from(charges).where(inArray(charges.id, ids));
    expect(rows.map((row) => row.closedBy)).toEqual(['auto', 'auto']);
    expect(await db().select().from(balanceEntries).where(inArray(balanceEntries.chargeId, ids))).toHaveLength(2);
    for (const { user } of running) {
      expect(await balanceOf(db(), user.id)).toBe(40_000n);
    }
  });
});
