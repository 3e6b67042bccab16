/**
 * `npm run seed:demo -- --check`: the invariants every database must hold, checked on the configured one by brute force
 * over the raw rows (charges, users, the ledger), never through the rollups they check. Each check answers how many
 * things it looked at, how many were wrong and a few of them; the command exits 1 when any is.
 *
 * - ledger: every balance equals the sum of its entries and its newest entry's deposit;
 * - statements: each user's entries ordered by date (ties by id) chain: deposit = previous deposit + credit − debit;
 * - breakdowns: every priced charge's cost breakdown adds up to its amount, its segments' energy to its energy;
 * - registrations: no charge, ledger entry, referral or promo code redemption of a user before its registration;
 * - rollups: the stations' daily totals, the charges' totals (daily, per station, hourly), the ledger's daily totals
 *   and the dashboard's hourly sums equal the same grouping of the raw rows;
 * - KPIs: every figure of GET /analytics/ (the analytics service's summary) of every day, week, month and year from the
 *   first charge to today, of the network and each merchant (every month and year, one in 4 weeks, one in 14 days), equals its value
 *   computed here from the raw charges, users, merchants and stations.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createAnalyticsService } from '../modules/analytics';
import { paymentMismatches } from '../modules/payments';
import { checkKpis, EXAMPLES, query, type TKpiSample } from './check-kpis';

export interface CheckResult {
  name: string;
  /** How many rows, users or figures it looked at. */
  checked: number;
  violations: number;
  /** A few of the violations, to start from. */
  examples: string[];
  ms: number;
}

/** A check's answer: how many things it looked at, the ones that broke it, a few of them described. */
const verdict = <TRow>(name: string, checked: number, broken: readonly TRow[], describe: (row: TRow) => string) => ({
  name,
  checked,
  violations: broken.length,
  examples: broken.slice(0, EXAMPLES).map(describe),
});

const countUsers = async (db: Database) =>
  (await query<{ total: number }>(db, sql`select count(*)::int as total from app_users`))[0]?.total ?? 0;

/** Rows of `brute` and `kept` (the same columns) that the other lacks, each as many times as it is missing. */
const sameRows = async (db: Database, name: string, kept: SQL, brute: SQL): Promise<Omit<CheckResult, 'ms'>> => {
  const [count] = await query<{ rows: number }>(db, sql`select count(*)::int as rows from (${brute}) b`);
  const differ = await query<Record<string, unknown>>(
    db,
    sql`select * from (
      (select 'kept' as side, * from ((${kept}) except all (${brute})) a)
      union all
      (select 'raw' as side, * from ((${brute}) except all (${kept})) b)) d`,
  );
  return verdict(name, count?.rows ?? 0, differ, (row) => JSON.stringify(row));
};

const BISHKEK = (column: string) => sql.raw(`(${column} at time zone 'UTC' + interval '6 hours')`);
const DELIVERED = sql.raw(`c.status in ('finished', 'stopped')`);

const ledger = async (db: Database) => {
  const wrong = await query<{ id: number; balance: string; sum: string; last: string | null }>(
    db,
    sql`select u.id, u.balance::text, coalesce(l.sum, 0)::text as sum, l.last::text
        from app_users u
        left join (select user_id, sum(credit - debit) as sum,
                          (array_agg(deposit order by created_at desc, id desc))[1] as last
                   from balance_entries group by user_id) l on l.user_id = u.id
        where u.balance <> coalesce(l.sum, 0) or u.balance <> coalesce(l.last, 0)
        order by u.id`,
  );
  return verdict(
    'balances equal their ledgers and their newest deposits',
    await countUsers(db),
    wrong,
    (row) => `user ${row.id}: balance ${row.balance}, entries sum ${row.sum}, newest deposit ${row.last}`,
  );
};

const statements = async (db: Database) => {
  const broken = await query<{
    user_id: number;
    id: number;
    previous: string;
    credit: string;
    debit: string;
    deposit: string;
  }>(
    db,
    sql`select user_id, id, previous::text, credit::text, debit::text, deposit::text from (
          select user_id, id, credit, debit, deposit,
                 coalesce(lag(deposit) over (partition by user_id order by created_at, id), 0) as previous
          from balance_entries) e
        where deposit <> previous + credit - debit
        order by user_id, id`,
  );
  const [entries] = await query<{ total: number; users: number }>(
    db,
    sql`select count(*)::int as total, count(distinct user_id)::int as users from balance_entries`,
  );
  const users = new Set(broken.map((row) => row.user_id));
  return verdict(
    `statements chain by date (${users.size} of ${entries?.users ?? 0} users broken)`,
    entries?.total ?? 0,
    broken,
    (row) =>
      `user ${row.user_id}, entry ${row.id}: ${row.previous} + ${row.credit} − ${row.debit} ≠ deposit ${row.deposit}`,
  );
};

/**
 * The wallet (issue 39): every card payment agrees with the ledger (paid ones credited once by their amount, refunds
 * taken as they were sent back), no balance is below zero or below what its running charges hold.
 */
const wallet = async (db: Database) => {
  const [counted] = await query<{ total: number }>(
    db,
    sql`select ((select count(*) from card_payments) + (select count(*) from app_users))::int as total`,
  );
  const payments = await paymentMismatches(db);
  const holds = await query<{ id: number; balance: string; held: string }>(
    db,
    sql`select u.id, u.balance::text, coalesce(h.held, 0)::text as held from app_users u
        left join (select user_id, sum(amount) as held from charge_holds where released_at is null group by user_id) h
          on h.user_id = u.id
        where u.balance < coalesce(h.held, 0) and coalesce(h.held, 0) > 0
        order by u.id`,
  );
  return verdict(
    'card payments agree with the ledger, and running charges hold no more than their balances (payments and users)',
    counted?.total ?? 0,
    [
      ...payments.map(
        (row) =>
          `card payment ${row.id} (${row.order_id}, ${row.status}): amount ${row.amount}, credited ${row.credited}, refunded ${row.refunded}`,
      ),
      ...holds.map((row) => `user ${row.id}: balance ${row.balance}, held ${row.held}`),
    ],
    (row) => row,
  );
};

/** Every priced charge's breakdown adds up to its amount, and its segments' energy to its energy (tariffs II). */
const breakdowns = async (db: Database) => {
  const [counted] = await query<{ total: number }>(
    db,
    sql`select count(*)::int as total from charges where cost_breakdown is not null`,
  );
  const broken = await query<{ id: number; amount: string; parts: string; energy_wh: number; segments_wh: number }>(
    db,
    sql`select c.id, c.amount::text, p.parts::text, c.energy_wh::int, s.segments_wh::int from charges c
        cross join lateral (select round(((c.cost_breakdown ->> 'energy')::numeric + (c.cost_breakdown ->> 'time')::numeric
          + (c.cost_breakdown ->> 'idle')::numeric + (c.cost_breakdown ->> 'session')::numeric
          + (c.cost_breakdown ->> 'adjustment')::numeric) * 100) as parts) p
        cross join lateral (select coalesce(sum((segment ->> 'energy_wh')::bigint), 0) as segments_wh
          from jsonb_array_elements(c.cost_breakdown -> 'segments') segment) s
        where c.cost_breakdown is not null
          and (p.parts <> c.amount or round((c.cost_breakdown ->> 'amount')::numeric * 100) <> c.amount or s.segments_wh <> c.energy_wh)
        order by c.id`,
  );
  return verdict(
    "every charge's cost breakdown adds up to its amount and its energy",
    counted?.total ?? 0,
    broken,
    (row) =>
      `charge ${row.id}: parts ${row.parts} vs amount ${row.amount}; segments ${row.segments_wh} Wh vs ${row.energy_wh} Wh`,
  );
};

const registrations = async (db: Database) => {
  const early = await query<{ kind: string; user_id: number; id: number; at: string; registered_at: string }>(
    db,
    sql`select * from (
          select 'charge' as kind, c.user_id, c.id, c.started_at::text as at, u.registered_at::text
          from charges c join app_users u on u.id = c.user_id where c.started_at < u.registered_at
          union all
          select 'ledger entry', e.user_id, e.id, e.created_at::text, u.registered_at::text
          from balance_entries e join app_users u on u.id = e.user_id where e.created_at < u.registered_at
          union all
          select 'referral (invited)', r.invited_user_id, r.id, r.registered_at::text, u.registered_at::text
          from referrals r join app_users u on u.id = r.invited_user_id where r.registered_at < u.registered_at
          union all
          select 'referral (inviter)', r.inviter_user_id, r.id, r.registered_at::text, u.registered_at::text
          from referrals r join app_users u on u.id = r.inviter_user_id where r.registered_at < u.registered_at
          union all
          select 'promo code redemption', p.user_id, p.id, p.created_at::text, u.registered_at::text
          from promo_code_redemptions p join app_users u on u.id = p.user_id where p.created_at < u.registered_at
        ) x order by kind, user_id, id`,
  );
  return verdict(
    'users register before their first charge, top-up, referral and promo code redemption',
    await countUsers(db),
    early,
    (row) => `${row.kind} ${row.id} of user ${row.user_id} at ${row.at}, registered ${row.registered_at}`,
  );
};

/** The rollups kept by the engine and triggers against the same grouping of the raw rows. */
const rollups = (db: Database) => [
  () =>
    sameRows(
      db,
      "stations' daily totals equal their delivered charges",
      sql`select station_id, day, charges, energy_kwh, turnover from station_daily_totals`,
      sql`select station_id, ${BISHKEK('finished_at')}::date as day, count(*)::int as charges,
                 round(sum(energy_wh)::numeric / 1000, 3) as energy_kwh, round(sum(total_cost)::numeric / 100, 2) as turnover
          from charges c where ${DELIVERED} group by 1, 2`,
    ),
  () =>
    sameRows(
      db,
      "the charges' daily totals per station equal the charges",
      sql`select station_id, day, finished_day, status, source, payment_method, platform, promotion_id, charges,
                 energy_wh, turnover, discount
          from charge_station_totals_daily where charges <> 0`,
      sql`select station_id, ${BISHKEK('started_at')}::date, ${BISHKEK('finished_at')}::date, status, source,
                 payment_method, platform, promotion_id, count(*)::int, sum(energy_wh), sum(total_cost), sum(discount)
          from charges group by 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
  () =>
    sameRows(
      db,
      "the charges' network daily totals equal the charges",
      sql`select day, finished_day, status, source, payment_method, platform, promotion_id, sum(charges)::int,
                 sum(energy_wh), sum(turnover), sum(discount)
          from charge_totals_daily group by 1, 2, 3, 4, 5, 6, 7 having sum(charges) <> 0`,
      sql`select ${BISHKEK('started_at')}::date, ${BISHKEK('finished_at')}::date, status, source, payment_method,
                 platform, promotion_id, count(*)::int, sum(energy_wh), sum(total_cost), sum(discount)
          from charges group by 1, 2, 3, 4, 5, 6, 7`,
    ),
  () =>
    sameRows(
      db,
      "the charges' hourly totals equal the finished charges",
      sql`select finished_hour, day, finished_day, status, source, payment_method, platform, promotion_id,
                 sum(charges)::int, sum(energy_wh), sum(turnover), sum(discount)
          from charge_totals_hourly group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(charges) <> 0`,
      sql`select extract(hour from ${BISHKEK('finished_at')})::smallint, ${BISHKEK('started_at')}::date,
                 ${BISHKEK('finished_at')}::date, status, source, payment_method, platform, promotion_id, count(*)::int,
                 sum(energy_wh), sum(total_cost), sum(discount)
          from charges where finished_at is not null group by 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
  () =>
    sameRows(
      db,
      "the ledger's daily totals equal its entries",
      sql`select day, basis, method, shard, entries, debit, credit from balance_entry_totals where entries <> 0`,
      sql`select ${BISHKEK('created_at')}::date, basis, method, (user_id % 16)::smallint, count(*)::bigint, sum(debit),
                 sum(credit)
          from balance_entries group by 1, 2, 3, 4`,
    ),
  () =>
    sameRows(
      db,
      "the dashboard's hourly sums (network and merchants) equal the ended charges",
      sql`select merchant_id, hour, charges, failed, energy_wh, turnover, discount, duration_s
          from analytics_hourly where charges <> 0 or failed <> 0`,
      sql`select m.merchant_id, date_trunc('hour', ${BISHKEK('c.finished_at')}), count(*) filter (where ${DELIVERED}),
                 count(*) filter (where not ${DELIVERED}),
                 coalesce(sum(c.energy_wh) filter (where ${DELIVERED}), 0),
                 coalesce(sum(c.total_cost) filter (where ${DELIVERED}), 0),
                 coalesce(sum(c.discount) filter (where ${DELIVERED}), 0),
                 coalesce(sum(greatest(floor(extract(epoch from c.finished_at - c.started_at)), 0)) filter (where ${DELIVERED}), 0)
          from charges c join stations s on s.id = c.station_id
          cross join lateral (values (0), (s.merchant_id)) m(merchant_id)
          where c.finished_at is not null group by 1, 2`,
    ),
];

/** Every check, one after the other, each timed. `kpis: false` leaves the dashboard's figures out. */
export const checkDatabase = async (
  db: Database,
  { kpis = true, now = new Date(), sample = 'full' }: { kpis?: boolean; now?: Date; sample?: TKpiSample } = {},
): Promise<CheckResult[]> => {
  const checks: (() => Promise<Omit<CheckResult, 'ms'>>)[] = [
    () => ledger(db),
    () => statements(db),
    () => wallet(db),
    () => registrations(db),
    () => breakdowns(db),
    ...rollups(db),
    ...(kpis ? [() => checkKpis(db, createAnalyticsService(db), now, sample)] : []),
  ];
  const results: CheckResult[] = [];
  for (const check of checks) {
    const started = performance.now();
    results.push({ ...(await check()), ms: Math.round(performance.now() - started) });
  }
  return results;
};

/** The lines the command prints: one per check, then its examples. */
export const describeChecks = (results: CheckResult[]) =>
  results.flatMap((result) => [
    `${result.violations === 0 ? 'ok  ' : 'FAIL'} ${result.name}: ${result.checked} checked, ${result.violations} wrong (${result.ms} ms)`,
    ...result.examples.map((example) => `       ${example}`),
  ]);
