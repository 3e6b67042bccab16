import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { chargeTotals, totalsFromRollups } from './charge-totals';
import { finishCharge, recordMeterValue, startCharge } from './charges.engine';
import { rebuildChargeTotals, rebuildStationDailyTotals } from './charges.rollups';

let context: TestContext;
const db = () => context.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** Both rollups' non-empty rows, in a fixed order, to compare what the trigger kept with a rebuild. */
const rollups = async () => [
  ...rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select day::text, finished_day::text, status, source, payment_method, platform, promotion_id, charges,
             energy_wh::text, turnover::text, discount::text
      from charge_totals_daily where charges <> 0 order by 1, 2, 3, 4, 5, 6, 7`),
  ),
  ...rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select station_id, day::text, finished_day::text, status, charges, energy_wh::text, turnover::text
      from charge_station_totals_daily where charges <> 0 order by 1, 2, 3, 4, 5, 6, 7`),
  ),
];

describe('the charges rollups', () => {
  it('follow each charge through start, confirmation and finish, and equal a rebuild', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, typo: 'type2', custom_fee: '20.00' }],
    });
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '1000.00' });
    const start = (overrides: { status?: 'initiated'; startedAt?: Date; platform?: 1 | 2 }) =>
      startCharge(db(), {
        userId: user.id,
        stationId: station.id,
        connectorOcppId: 1,
        source: 'app',
        paymentMethod: 'personal_balance',
        platform: overrides.platform ?? 2,
        promotion: { id: 4, percent: 10, fixedTyiyn: 0n },
        ...overrides,
      });
    // Started late on 1 March in Bishkek, finished after midnight: its start and finish days differ.
    const late = await start({ status: 'initiated', startedAt: new Date('2026-03-01T17:30:00Z') });
    expect(await chargeTotals(db(), { status: ['initiated'] })).toMatchObject({ count: 1 });
    await recordMeterValue(db(), late.id, 4_000);
    expect(await chargeTotals(db(), { status: ['initiated'] })).toMatchObject({ count: 0 });
    expect(await chargeTotals(db(), { status: ['in_progress'], period__from: '2026-03-01' })).toMatchObject({
      count: 1,
    });
    await finishCharge(db(), {
      chargeId: late.id,
      status: 'finished',
      meterStopWh: 10_000,
      finishedAt: new Date('2026-03-01T18:30:00Z'),
    });
    const other = await start({ platform: 1, startedAt: new Date('2026-03-05T08:00:00Z') });
    await finishCharge(db(), { chargeId: other.id, status: 'canceled', finishedAt: new Date('2026-03-05T08:02:00Z') });
    await start({ startedAt: new Date() });

    // 10 kWh at 20 som, 10% off: 200.00, less 20.00.
    expect(
      await chargeTotals(db(), {
        status: ['finished'],
        finished_date__from: '2026-03-02',
        finished_date__to: '2026-03-02',
      }),
    ).toEqual({
      count: 1,
      consumption_kwh: '10.000',
      turnover: '180.00',
      discount: '20.00',
    });
    expect(
      await chargeTotals(db(), { period__from: '2026-03-01', period__to: '2026-03-01', station_id__in: [station.id] }),
    ).toMatchObject({ count: 1 });
    expect(await chargeTotals(db(), { platform: 1, promotion_id__in: [4] })).toMatchObject({
      count: 1,
      turnover: '0.00',
    });
    expect(await chargeTotals(db(), {})).toMatchObject({ count: 3, turnover: '180.00' });
    // Read from the charges themselves: the same answer.
    expect(totalsFromRollups({ search_by_user_id: user.id })).toBe(false);
    expect(await chargeTotals(db(), { search_by_user_id: user.id })).toEqual(await chargeTotals(db(), {}));

    const kept = await rollups();
    await rebuildChargeTotals(db());
    expect(await rollups()).toEqual(kept);
    const [daily] = rowsOf<{ count: number }>(
      await db().execute(sql`select count(*)::int as count from station_daily_totals where station_id = ${station.id}`),
    );
    expect(await rebuildStationDailyTotals(db())).toBeGreaterThanOrEqual(daily?.count ?? 0);
    const [day] = rowsOf<{ charges: number; turnover: string }>(
      await db().execute(
        sql`select charges, turnover::text from station_daily_totals where station_id = ${station.id} and day = '2026-03-02'`,
      ),
    );
    expect(day).toEqual({ charges: 1, turnover: '180.00' });
  });
});
