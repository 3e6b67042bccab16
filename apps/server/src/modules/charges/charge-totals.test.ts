import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { chargeTotals, timeOfDayParts, totalsFromRollups } from './charge-totals';
import {
  type ChargeDraft,
  finishCharge,
  bookCharges,
  recordMeterValue,
  startCharge,
  type TEndStatus,
} from './charges.engine';
import type { TChargeFilters } from './charges.filters';
import { rebuildChargeTotals, rebuildStationDailyTotals } from './charges.rollups';
import { chargeTotals as rawChargeTotals } from './charges.service';

let context: TestContext;
const db = () => context.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** The three rollups' non-empty rows, in a fixed order, to compare what the trigger kept with a rebuild. */
const rollups = async () => [
  ...rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select day::text, finished_day::text, status, source, payment_method, platform, promotion_id, shard, charges,
             energy_wh::text, turnover::text, discount::text
      from charge_totals_daily where charges <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`),
  ),
  ...rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select station_id, day::text, finished_day::text, status, charges, energy_wh::text, turnover::text
      from charge_station_totals_daily where charges <> 0 order by 1, 2, 3, 4, 5, 6, 7`),
  ),
  ...rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select finished_hour, finished_day::text, day::text, status, source, payment_method, platform, promotion_id,
             shard, charges, energy_wh::text, turnover::text, discount::text
      from charge_totals_hourly where charges <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
  ),
];

/** A station charging 20 som per kWh and a driver holding 1,000 som. */
const buildStationAndDriver = async () => {
  const merchant = await buildMerchant(db());
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [{ evse_id: 1, typo: 'type2', custom_fee: '20.00' }],
  });
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: '1000.00' });
  return { station, user };
};

describe('the charges rollups', () => {
  it('follow each charge through start, confirmation and finish, and equal a rebuild', async () => {
    const { station, user } = await buildStationAndDriver();
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

/** Bishkek `2026-04-0<day>` at a clock time, as an instant (UTC+6). */
const bishkek = (day: number, clock: string) => new Date(`2026-04-0${day}T${clock}+06:00`);

describe('the totals of a time of day', () => {
  it('splits a time of day into whole hours and the partial hours at its ends', () => {
    const minute = 60_000_000;
    const hour = 60 * minute;
    // Both ends whole: three hours, and the minute 21:00 that `to` includes.
    expect(timeOfDayParts('18:00', '21:00')).toEqual([
      { hours: [18, 21], sign: 1 },
      { clock: [21 * hour, 21 * hour + minute], sign: 1 },
    ]);
    // More than half an hour at each end: the whole hour less the minutes outside.
    expect(timeOfDayParts('18:10', '21:40')).toEqual([
      { hours: [18, 19], sign: 1 },
      { clock: [18 * hour, 18 * hour + 10 * minute], sign: -1 },
      { hours: [19, 21], sign: 1 },
      { hours: [21, 22], sign: 1 },
      { clock: [21 * hour + 41 * minute, 22 * hour], sign: -1 },
    ]);
    expect(timeOfDayParts('18:20:30', '18:40:15')).toEqual([
      { clock: [18 * hour + 20.5 * minute, 18 * hour + 40.25 * minute + 1_000_000], sign: 1 },
    ]);
    expect(timeOfDayParts(undefined, undefined)).toEqual([{ hours: [0, 24], sign: 1 }]);
    // From after to runs across midnight (issue 31): 22:00 to 24:00 and 00:00 to 02:00:59.
    expect(timeOfDayParts('22:00', '02:00')).toEqual([
      { hours: [22, 24], sign: 1 },
      { hours: [0, 2], sign: 1 },
      { clock: [2 * hour, 2 * hour + minute], sign: 1 },
    ]);
  });

  it('equal the sums of the raw charges, partial hours at both ends included, and a rebuild', async () => {
    const { station, user } = await buildStationAndDriver();
    // Finishes on the edges the filters below cut at, and spread over three days at pseudo-random instants.
    const edges = [
      '17:59:59.999',
      '18:00:00.000',
      '18:09:59.999',
      '18:10:00.000',
      '18:20:30.000',
      '18:40:15.999',
      '18:40:16.000',
      '18:44:59.999',
      '19:00:00.000',
      '20:59:59.999',
      '21:00:00.000',
      '21:00:59.999',
      '21:01:00.000',
      '21:40:59.999',
      '21:41:00.000',
      '23:59:59.999',
      '00:00:00.000',
      '07:30:00.000',
    ];
    const statuses: TEndStatus[] = ['finished', 'finished', 'stopped', 'canceled', 'unauthorized'];
    let seed = 13;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const finishes = [
      ...edges.flatMap((clock) => [bishkek(2, clock), bishkek(3, clock)]),
      ...Array.from({ length: 150 }, () => new Date(bishkek(1, '00:00:00.000').getTime() + next(3 * 86_400_000))),
    ];
    const drafts: ChargeDraft[] = finishes.map((finishedAt, index) => {
      return {
        userId: user.id,
        stationId: station.id,
        connectorOcppId: 1,
        source: index % 3 === 0 ? 'rfid' : 'app',
        paymentMethod: index % 2 === 0 ? 'cash' : 'other_card',
        platform: index % 3 === 0 ? null : index % 4 === 0 ? 1 : 2,
        appVersion: '2.5.0',
        promotion: index % 4 === 1 ? { id: 3, percent: 10, fixedTyiyn: 0n } : null,
        // Some started the Bishkek day before they finished.
        startedAt: new Date(finishedAt.getTime() - (10 + next(600)) * 60_000),
        meterStartWh: 0,
        end: { status: statuses[index % statuses.length] ?? 'finished', finishedAt, energyWh: 1_000 + next(40_000) },
      };
    });
    // Most many to a transaction (bookCharges), a few one by one.
    await bookCharges(db(), drafts.slice(0, -6));
    for (const draft of drafts.slice(-6)) {
      const started = await startCharge(db(), { ...draft, startedAt: draft.startedAt });
      await finishCharge(db(), {
        chargeId: started.id,
        status: draft.end?.status ?? 'finished',
        meterStopWh: draft.end?.energyWh ?? 0,
        finishedAt: draft.end?.finishedAt,
      });
    }
    // A running charge: never in a time of day.
    await startCharge(db(), { ...drafts[0]!, startedAt: bishkek(3, '18:30:00.000') });

    const times: [string | undefined, string | undefined][] = [
      ['18:00', '21:00'],
      ['18:10', '21:40'],
      ['18:40:16', '21:00:59'],
      ['18:20:30', '18:40:15'],
      ['18:45', '19:15'],
      ['07:30', undefined],
      [undefined, '05:15:30'],
      ['00:00', '23:59'],
      ['22:00', '02:00'],
    ];
    const others: TChargeFilters[] = [
      {},
      { status: ['finished', 'stopped'] },
      { period__from: '2026-04-02', period__to: '2026-04-02' },
      { finished_date__from: '2026-04-02', finished_date__to: '2026-04-03' },
      { source: 'rfid', payment_method: 'cash' },
      { promotion_id__in: [3], platform: 2 },
    ];
    let selected = 0;
    for (const [from, to] of times) {
      for (const other of others) {
        const filters: TChargeFilters = { ...other, finished_time__from: from, finished_time__to: to };
        expect(totalsFromRollups(filters)).toBe(true);
        const raw = await rawChargeTotals(db(), filters);
        expect(await chargeTotals(db(), filters), JSON.stringify(filters)).toEqual(raw);
        selected += raw.count;
      }
    }
    expect(selected).toBeGreaterThan(500);
    expect(
      (await chargeTotals(db(), { finished_time__from: '18:00', finished_time__to: '21:00' })).count,
    ).toBeGreaterThan(20);
    // With stations the charges are read: the hourly rollup is the network's.
    const withStation: TChargeFilters = { station_id__in: [station.id], finished_time__from: '18:10' };
    expect(totalsFromRollups(withStation)).toBe(false);
    expect(await chargeTotals(db(), withStation)).toEqual(await rawChargeTotals(db(), withStation));

    const kept = await rollups();
    await rebuildChargeTotals(db());
    expect(await rollups()).toEqual(kept);
  });
});
