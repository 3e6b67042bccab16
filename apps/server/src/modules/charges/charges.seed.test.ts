import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRate } from '../../test/catalogue-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { chargeTotals } from './charge-totals';
import type { TChargeFilters } from './charges.filters';
import { rebuildChargeTotals } from './charges.rollups';
import { seedCharges } from './charges.seed';
import { charges } from './charges.tables';
import { checkDatabase } from '../../seed/check';

let context: TestContext;
const NOW = new Date('2026-11-20T09:00:00Z');
const DAY = 24 * 3600 * 1000;
const db = () => context.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [
      { evse_id: 1, typo: 'ccs2', power_kWh: 120 },
      { evse_id: 2, typo: 'type2', power_kWh: 22, custom_fee: '11.50' },
    ],
  });
  await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, typo: 'type2', power_kWh: 7 }] });
  await buildRate(db(), { rateType: 'default', typo: 'ccs2', fee: '26.00', isActive: true });
  await buildRate(db(), { rateType: 'default', typo: 'type2', fee: '14.00', isActive: true });
  // Drivers registered before the year, and some during it: none may charge before registering.
  for (let index = 0; index < 12; index += 1) {
    await buildUser(db(), { registeredAt: new Date(NOW.getTime() - (index < 6 ? 400 : 30 * index) * DAY) });
  }
});
afterAll(async () => {
  await context.close();
});

describe('the demo charges', () => {
  it('are booked once, with ledgers, balances and rollups that equal their charges', async () => {
    const now = NOW;
    expect(await seedCharges(db(), { now, perStationDay: 1 })).toMatch(/^Charges added: \d{3,}/);
    const [first] = await db().select({ total: count() }).from(charges);
    expect(await seedCharges(db(), { now, perStationDay: 1 })).toBe('Charges added: 0.');
    const [second] = await db().select({ total: count() }).from(charges);
    expect(second?.total).toBe(first?.total);

    // A year of them, a few running now, a few percent failed, mostly paid from the balance.
    const [shape] = rowsOf<{ running: number; failed: number; balance: number; total: number; days: number }>(
      await db().execute(sql`
        select count(*) filter (where status = 'in_progress')::int as running,
               count(*) filter (where transaction_status = 'failed')::int as failed,
               count(*) filter (where payment_method = 'personal_balance')::int as balance,
               count(*)::int as total,
               (max(started_at)::date - min(started_at)::date)::int as days
        from charges`),
    );
    expect(shape?.running).toBeGreaterThan(0);
    expect(shape?.days).toBeGreaterThanOrEqual(360);
    expect((shape?.failed ?? 0) / (shape?.total ?? 1)).toBeGreaterThan(0.02);
    expect((shape?.failed ?? 0) / (shape?.total ?? 1)).toBeLessThan(0.1);
    expect((shape?.balance ?? 0) / (shape?.total ?? 1)).toBeGreaterThan(0.7);

    // Every charge paid by balance has its one debit of what the balance could pay (its cost less its shortfall; none
    // when that is 0); every balance equals its ledger and its last deposit.
    const [unpaid] = rowsOf<{ count: number }>(
      await db().execute(sql`
        select count(*)::int as count from charges c
        where c.payment_method = 'personal_balance' and c.total_cost > 0 and c.finished_at is not null
          and (select count(*) from balance_entries e
               where e.charge_id = c.id and e.basis = 'charge_payment' and e.debit = c.total_cost - c.shortfall)
              <> (case when c.total_cost > c.shortfall then 1 else 0 end)`),
    );
    expect(unpaid?.count).toBe(0);
    const [ledgers] = rowsOf<{ wrong: number; deposits: number }>(
      await db().execute(sql`
        select count(*) filter (where u.balance <> coalesce(l.sum, 0))::int as wrong,
               count(*) filter (where l.last is not null and l.last <> u.balance)::int as deposits
        from app_users u
        left join (select user_id, sum(credit - debit) as sum,
                          (array_agg(deposit order by created_at desc, id desc))[1] as last
                   from balance_entries group by user_id) l on l.user_id = u.id`),
    );
    expect(ledgers).toEqual({ wrong: 0, deposits: 0 });
    // And the seed's invariants (seed:demo -- --check): statements chain by date, nobody charges or tops up before
    // registering, every rollup equals its raw rows.
    const results = await checkDatabase(db(), { kpis: false });
    expect(results.filter((result) => result.violations > 0)).toEqual([]);
    expect(results.every((result) => result.checked > 0)).toBe(true);

    // The stations' daily totals are the sums of their delivered charges, day by Bishkek day.
    const [mismatched] = rowsOf<{ count: number }>(
      await db().execute(sql`
        with expected as (
          select station_id, (finished_at at time zone 'UTC' + interval '6 hours')::date as day, count(*)::int as charges,
                 round(sum(energy_wh)::numeric / 1000, 3) as energy_kwh, round(sum(total_cost)::numeric / 100, 2) as turnover
          from charges where status in ('finished', 'stopped') group by 1, 2)
        select count(*)::int as count
        from expected e full join station_daily_totals t on t.station_id = e.station_id and t.day = e.day
        where (e.charges, e.energy_kwh, e.turnover) is distinct from (t.charges, t.energy_kwh, t.turnover)`),
    );
    expect(mismatched?.count).toBe(0);

    // The charges' rollups, added to by the triggers, equal a rebuild from the charges.
    const rollup = async () =>
      rowsOf<Record<string, unknown>>(
        await db().execute(sql`
          select station_id, day::text, finished_day::text, status, source, payment_method, platform, promotion_id,
                 charges, energy_wh::text, turnover::text, discount::text
          from charge_station_totals_daily where charges <> 0
          order by 1, 2, 3, 4, 5, 6, 7, 8`),
      );
    const kept = await rollup();
    await rebuildChargeTotals(db());
    expect(await rollup()).toEqual(kept);

    // And the totals read from them equal the totals read from the charges.
    const filterSets: TChargeFilters[] = [
      {},
      { period__from: '2026-03-01', period__to: '2026-03-31' },
      { status: ['finished', 'stopped'], payment_method: 'personal_balance', platform: 2 },
      { source: 'rfid', finished_date__from: '2026-06-01', finished_date__to: '2026-08-15' },
      { station_id__in: [kept[0]?.station_id as number], status: ['unauthorized'], period__from: '2026-01-10' },
    ];
    for (const filters of filterSets) {
      // A time of day the whole day long: the same charges, but read from the rows themselves.
      const raw = await chargeTotals(db(), { ...filters, finished_time__from: '00:00', finished_time__to: '23:59' });
      const finishedOrNot = await chargeTotals(db(), filters);
      if (filters.finished_date__from === undefined) {
        // Running charges have no finish time: the time filter leaves them out.
        const running = await chargeTotals(db(), { ...filters, status: ['in_progress'] });
        const mayRun = filters.status === undefined;
        expect(finishedOrNot.count - (mayRun ? running.count : 0)).toBe(raw.count);
      } else {
        expect(finishedOrNot).toEqual(raw);
      }
      expect(finishedOrNot.count).toBeGreaterThan(0);
    }
  }, 600_000);
});
