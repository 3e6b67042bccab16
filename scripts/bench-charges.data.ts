// Bulk data of the charges benchmark: 20,000 stations (bench-network.data.ts's network), 1,000,000 app users and
// 10,000,000 charges over the past year, written by set-based INSERT ... SELECT generate_series statements with the
// per-row triggers off (session_replication_role = replica) and the charges' secondary indexes built afterwards.
// The bulk charges are paid in cash or by another card, so that they imply no ledger entries and every balance still
// equals its (empty) ledger; the finishes the benchmark measures are paid from balances, through the real ledger.
// The rollups are rebuilt from the charges afterwards, as `rebuildChargeTotals` does.
import pg from 'pg';

export const CHARGES = {
  users: 1_000_000,
  charges: 10_000_000,
  /** Promotions 1..5 apply to one charge in ten, at 10% off. */
  promotions: 5,
} as const;

const timed = async (work: () => Promise<unknown>) => {
  const startedAt = performance.now();
  await work();
  return Math.round(performance.now() - startedAt);
};

export interface ChargesLoadTimings {
  usersMs: number;
  chargesMs: number;
  indexesMs: number;
  rollupsMs: number;
  vacuumMs: number;
}

/** The Bishkek day of a timestamp column, as the charges' trigger computes it (apps/server/src/db/routines/charge-totals.sql). */
const bishkekDay = (column: string) => `(${column} at time zone 'UTC' + interval '6 hours')::date`;

/** How many charges a database a previous run loaded holds (0 when there is no such database or table). */
export const loadedCharges = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const result = await client.query<{ count: string }>(`select count(*)::text as count from charges`);
    return Number(result.rows[0]?.count ?? 0);
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Fills a database the server has migrated and bench-network.data.ts has given its network. */
export const insertChargesData = async (databaseUrl: string): Promise<ChargesLoadTimings> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set synchronous_commit = off`);
    // Every network connector gets a personal tariff, so that a charge started on it has a price.
    await client.query(`update station_connectors set custom_fee = 20.00 + (id % 5) * 2`);
    // Secondary indexes are dropped for the load and built afterwards (the users' trigram ones would take minutes).
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `select i.indexname as name, i.indexdef as definition from pg_indexes i
         where i.schemaname = 'public' and i.tablename in ('charges', 'app_users')
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    ).rows;
    for (const index of indexes) {
      await client.query(`drop index "${index.name}"`);
    }
    const usersMs = await timed(() =>
      client.query(
        `insert into app_users (personal_account, name, phone, email, registered_at, balance, status, referral_code)
         select 'C' || lpad(g::text, 8, '0'), 'Водитель ' || g, '99677' || lpad(g::text, 7, '0'), 'charger' || g || '@example.kg',
                now() - interval '400 days', 0, 0, 'C' || upper(to_hex(g))
         from generate_series(1, $1::int) g`,
        [CHARGES.users],
      ),
    );
    const chargesMs = await timed(() =>
      client.query(
        `with network as (
           select array_agg(s.id order by s.id) as ids from stations s where s.identity like 'BENCH-%'
         ), users as (select min(id) as first from app_users)
         insert into charges (id, ocpp_transaction_id, user_id, station_id, connector_id, connector_name, connector_ocpp_id,
                              app_version, platform, source, started_at, finished_at, meter_start_wh, meter_last_wh,
                              meter_stop_wh, energy_wh, tariff_kind, price_per_kwh, promotion_id, discount_percent, amount,
                              discount, total_cost, payment_method, status, transaction_status, updated_at)
         select g, g, users.first + (g * 7919::bigint % $2::int), network.ids[1 + (g * 104729::bigint % cardinality(network.ids))],
                null, 'CCS2 · 120 kW', 1 + g % 5,
                case when x.source = 'app' then '2.5.0' else '' end,
                case when x.source = 'app' then 1 + (g % 7 < 3)::int end, x.source, x.started_at,
                case when x.status <> 'in_progress' then x.started_at + x.minutes * interval '1 minute' end,
                0, x.energy, case when x.status <> 'in_progress' then x.energy end, x.energy, 'personal', 2000,
                x.promotion, case when x.promotion is null then 0 else 10 end, x.amount,
                case when x.promotion is null then 0 else (x.amount * 10 + 50) / 100 end,
                x.amount - case when x.promotion is null then 0 else (x.amount * 10 + 50) / 100 end,
                case when g % 5 < 3 then 'cash' else 'other_card' end, x.status,
                case when x.status in ('finished', 'stopped') then 'successful' when x.status <> 'in_progress' then 'failed' end,
                x.started_at
         from generate_series(1, $1::int) g
         cross join network cross join users
         cross join lateral (
           select y.*, case when y.status in ('finished', 'stopped') then y.wh else 0 end as energy,
                  case when y.status in ('finished', 'stopped') then (y.wh * 2000 + 500) / 1000 else 0 end as amount
           from (
             select case when g % 1000 < 925 then 'finished' when g % 1000 < 960 then 'stopped'
                         when g % 1000 < 975 then 'canceled' when g % 1000 < 987 then 'not_completed' else 'unauthorized' end as status,
                    case when g % 20 < 16 then 'app' when g % 20 < 19 then 'rfid' else 'operator' end as source,
                    case when g % 10 = 0 then 1 + g / 10 % $3::int end as promotion,
                    5000 + (g * 7 % 65000)::bigint as wh,
                    20 + g % 90 as minutes,
                    -- ids grow with time as in production: charge g started g/N of the year ago.
                    now() - interval '365 days' + (interval '365 days' - interval '2 hours') * (g::float8 / $1::int) as started_at
           ) y
         ) x`,
        [CHARGES.charges, CHARGES.users, CHARGES.promotions],
      ),
    );
    await client.query(`select setval('charges_id_seq', (select max(id) from charges))`);
    await client.query(
      `select setval('charges_ocpp_transaction_id_seq', (select max(ocpp_transaction_id) from charges))`,
    );
    const indexesMs = await timed(async () => {
      for (const index of indexes) {
        await client.query(index.definition);
      }
    });
    const rollupsMs = await timed(async () => {
      await client.query(`delete from charge_totals_daily`);
      await client.query(`delete from charge_station_totals_daily`);
      await client.query(
        `insert into charge_totals_daily (day, finished_day, status, source, payment_method, platform, promotion_id, shard, charges, energy_wh, turnover, discount)
         select ${bishkekDay('started_at')}, ${bishkekDay('finished_at')}, status, source, payment_method, platform, promotion_id,
                id % 16, count(*), sum(energy_wh), sum(total_cost), sum(discount)
         from charges group by 1, 2, 3, 4, 5, 6, 7, 8`,
      );
      await client.query(
        `insert into charge_station_totals_daily (station_id, day, finished_day, status, source, payment_method, platform, promotion_id, charges, energy_wh, turnover, discount)
         select station_id, ${bishkekDay('started_at')}, ${bishkekDay('finished_at')}, status, source, payment_method, platform,
                promotion_id, count(*), sum(energy_wh), sum(total_cost), sum(discount)
         from charges group by 1, 2, 3, 4, 5, 6, 7, 8`,
      );
      await client.query(`delete from charge_totals_hourly`);
      await client.query(
        `insert into charge_totals_hourly (finished_hour, day, finished_day, status, source, payment_method, platform, promotion_id, shard, charges, energy_wh, turnover, discount)
         select extract(hour from finished_at at time zone 'UTC' + interval '6 hours')::smallint, ${bishkekDay('started_at')},
                ${bishkekDay('finished_at')}, status, source, payment_method, platform, promotion_id, id % 16,
                count(*), sum(energy_wh), sum(total_cost), sum(discount)
         from charges where finished_at is not null group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2`,
      );
    });
    await client.query(`update list_versions set version = version + 1 where name in ('charges', 'app_users')`);
    await client.query(`set session_replication_role = origin`);
    // As autovacuum would soon after a bulk load: statistics, and the visibility map for index-only scans.
    const vacuumMs = await timed(() =>
      client.query(
        `vacuum (analyze) charges, app_users, charge_totals_daily, charge_station_totals_daily, charge_totals_hourly`,
      ),
    );
    return { usersMs, chargesMs, indexesMs, rollupsMs, vacuumMs };
  } finally {
    await client.end();
  }
};

/**
 * The stations' connectors (or only their first) lose their custom fee to a network default rate of every component
 * (tariffs II: energy with a night price, charging time, idle time after a grace, a session fee, a minimum), so that a
 * finish prices through rate versions and periods. bench:charges and bench-finish.ts price alike.
 */
export const giveDefaultRates = async (
  client: pg.Client | pg.Pool,
  stationIds: number[],
  { firstConnectorOnly }: { firstConnectorOnly: boolean },
) => {
  await client.query(
    `with types as (
       update station_connectors set custom_fee = null
       where station_id = any($1) and ($2::boolean is false or ocpp_16_id = 1) returning typo
     ), made as (
       insert into rates (name, rate_type, typo, status)
       select distinct 'bench ' || typo, 'default', typo, 0 from types
       on conflict do nothing returning id
     )
     insert into rate_versions (rate_id, effective_from, energy_fee, time_fee, idle_fee, idle_grace_minutes, session_fee, min_cost, periods)
     select id, now() - interval '400 days', 2000, 50, 500, 10, 2000, 5000,
       '[{"component":"energy","price":1000,"start_time":"23:00","end_time":"07:00","weekdays":[],"start_date":null,"end_date":null,"min_power_kw":null,"max_power_kw":null}]'::jsonb
     from made`,
    [stationIds, firstConnectorOnly],
  );
};
