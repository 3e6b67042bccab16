// npm run bench:analytics: the dashboard over many charges, on PostgreSQL (issue 16). Creates DATABASE_URL's database
// afresh (default postgres://postgres@127.0.0.1:5432/zaryad_bench_analytics), starts the real server on it (which
// migrates it), makes BENCH_MERCHANTS merchants with BENCH_STATIONS stations through the shared builders, generates
// BENCH_USERS users and BENCH_CHARGES charges over the last year in SQL (as bench:charges does, triggers off), then:
// - `analytics:rebuild` over them (< 5 min at 10,000,000);
// - every dashboard call (GET /analytics/ and /graph/) for every period: p95 < 100 ms over HTTP, and >= 20x faster than
//   the same numbers aggregated from the raw charges in the same run. The ratio sets like against like: the analytics
//   service that answers the call (its statement over the rollups and the answer it builds), timed in this process over
//   a PostgreSQL connection, against the raw query over another, median against median of as many runs. The HTTP round trip and the session check, the same
//   few ms for any signed-in call (measured and printed beside: GET /accounts/me/), are not what rollups speed up;
// - the heat map of a year (< 100 ms);
// - finishing a charge through the engine with its rollups (p95 < 20 ms).
// Scale: BENCH_CHARGES (10,000,000), BENCH_USERS (1,000,000), BENCH_STATIONS (2,000), BENCH_MERCHANTS (50),
// BENCH_REQUESTS per call (30). Prints each figure beside its target; exits 1 on a miss. BENCH_REUSE=1 keeps the
// database a previous run loaded at the same scale (the server migrates it on start) and measures again without the
// minutes of loading: the rebuild first, so a new rebuild function is measured on the same charges.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finishCharge, startCharge } from '@zaryad/server/charges';
import {
  buildMerchant,
  buildStation,
  createAnalyticsService,
  openDatabase,
  rebuildAnalytics,
} from '@zaryad/server/seed';
import pg from 'pg';
import { loadedCharges } from './bench-charges.data';
import { createFreshDatabase } from './bench-network.data';
import { createReport, freePort, signIn, startServer } from './bench-harness';

const { report, missed } = createReport();
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_analytics';
const CHARGES = Number(process.env.BENCH_CHARGES ?? 10_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const STATIONS = Number(process.env.BENCH_STATIONS ?? 2_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const REUSE = process.env.BENCH_REUSE === '1';
const FINISHES = 200;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value < 1 ? value.toFixed(2) : Math.round(value * 10) / 10} ms`;
const timed = async (work: () => Promise<unknown>) => {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
};
const bishkekToday = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);

/** A Bishkek day's midnight as a UTC instant, for the raw queries' bounds on finished_at. */
const midnight = (day: string) => `('${day}'::timestamp - interval '6 hours') at time zone 'UTC'`;

/** A Bishkek local `YYYY-MM-DDTHH:mm` as a UTC instant. */
const localInstant = (local: string) => `('${local}'::timestamp - interval '6 hours') at time zone 'UTC'`;

/**
 * The raw query that answers what GET /analytics/ answers for a period and the one before it, each up to its cut (a
 * period in progress up to `until`, the previous one up to `previous_until`; a past period and the previous one whole):
 * per period the delivered and failed charges, turnover, kWh and session seconds, the distinct active and promotion
 * users from the raw charges, and the new users (registrations) from app_users. The merchants, stations and connectors
 * are counted live on both sides and left out here.
 */
const rawSummary = (
  previousStart: string,
  start: string,
  end: string,
  until: string | null,
  previousUntil: string | null,
) => {
  const currentFrom = midnight(start);
  const currentTo = until ? localInstant(until) : midnight(end);
  const previousFrom = midnight(previousStart);
  const previousTo = previousUntil ? localInstant(previousUntil) : midnight(start);
  return `
  with window_charges as (
    select user_id, status in ('finished', 'stopped') as delivered, finished_at >= ${currentFrom} as current,
           total_cost, energy_wh, greatest(floor(extract(epoch from finished_at - started_at)), 0) as seconds, promotion_id
    from charges
    where (finished_at >= ${currentFrom} and finished_at < ${currentTo})
       or (finished_at >= ${previousFrom} and finished_at < ${previousTo})),
  period_users as (
    select user_id, bool_or(current) as current, bool_or(not current) as previous,
           bool_or(current and promotion_id is not null) as promo, bool_or(not current and promotion_id is not null) as promo_before
    from window_charges where delivered and user_id is not null group by user_id)
  select s.*, u.*, r.*
  from (select count(*) filter (where delivered and current) as charges, count(*) filter (where delivered and not current) as charges_before,
               count(*) filter (where not delivered and current) as failed, count(*) filter (where not delivered and not current) as failed_before,
               sum(total_cost) filter (where delivered and current) as turnover, sum(total_cost) filter (where delivered and not current) as turnover_before,
               sum(energy_wh) filter (where delivered and current) as energy, sum(energy_wh) filter (where delivered and not current) as energy_before,
               sum(seconds) filter (where delivered and current) as seconds, sum(seconds) filter (where delivered and not current) as seconds_before
        from window_charges) s,
       (select count(*) filter (where current) as active, count(*) filter (where previous) as active_before,
               count(*) filter (where promo) as promo, count(*) filter (where promo_before) as promo_before
        from period_users) u,
       (select count(*) filter (where registered_at >= ${currentFrom} and registered_at < ${currentTo}) as new,
               count(*) filter (where registered_at >= ${previousFrom} and registered_at < ${previousTo}) as new_before
        from app_users) r`;
};

/** The raw-charges query that answers what GET /analytics/graph/ answers: the period's delivered charges by hour. */
const rawGraph = (start: string, end: string) => `
  select date_trunc('hour', finished_at at time zone 'UTC' + interval '6 hours') as hour, count(*), sum(energy_wh), sum(total_cost)
  from charges
  where finished_at >= ${midnight(start)} and finished_at < ${midnight(end)} and status in ('finished', 'stopped')
  group by 1`;

/** The bench's merchants and stations through the builders, then its users and charges in SQL (triggers off). */
const loadData = async (client: pg.Client, dataDir: string) => {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: join(dataDir, 'pg') });
  try {
    const merchants = [];
    for (let index = 0; index < MERCHANTS; index += 1) {
      merchants.push(await buildMerchant(database.db, { name: `Bench merchant ${index + 1}` }));
    }
    for (let index = 0; index < STATIONS; index += 1) {
      const merchant = merchants[index % merchants.length];
      if (merchant) {
        await buildStation(database.db, {
          merchantId: merchant.id,
          identity: `ANALYTICS-${index + 1}`,
          latitude: (42.8 + (index % 97) / 1000).toFixed(6),
          longitude: (74.5 + (index % 89) / 1000).toFixed(6),
          connectors: [{ evse_id: 1, custom_fee: '20.00' }],
        });
      }
    }
  } finally {
    await database.close();
  }
  await client.query(`set session_replication_role = replica`);
  await client.query(`set synchronous_commit = off`);
  const loadMs = await timed(async () => {
    await client.query(
      `insert into app_users (personal_account, name, phone, email, registered_at, balance, status, referral_code)
       select 'A' || lpad(g::text, 8, '0'), 'Водитель ' || g, '99670' || lpad(g::text, 7, '0'), 'analytics' || g || '@example.kg',
              now() - interval '400 days' * (g::float8 / $1::int), 0, 0, 'A' || upper(to_hex(g))
       from generate_series(1, $1::int) g`,
      [USERS],
    );
    await client.query(
      `with network as (select array_agg(id order by id) as ids from stations where identity like 'ANALYTICS-%'),
            users as (select min(id) as first from app_users)
       insert into charges (user_id, station_id, connector_name, connector_ocpp_id, source, started_at, finished_at,
                            meter_start_wh, meter_last_wh, meter_stop_wh, energy_wh, tariff_kind, price_per_kwh,
                            promotion_id, discount_percent, amount, discount, total_cost, payment_method, status,
                            transaction_status, updated_at)
       select users.first + (g * 7919::bigint % $2::int), network.ids[1 + (g * 104729::bigint % cardinality(network.ids))],
              'Type 2 · 22 kW', 1, 'app', x.started_at, x.started_at + (20 + g % 90) * interval '1 minute',
              0, x.energy, x.energy, x.energy, 'personal', 2000, x.promotion,
              case when x.promotion is null then 0 else 10 end, x.amount,
              case when x.promotion is null then 0 else (x.amount * 10 + 50) / 100 end,
              x.amount - case when x.promotion is null then 0 else (x.amount * 10 + 50) / 100 end,
              'cash', x.status, case when x.status = 'finished' then 'successful' else 'failed' end, x.started_at
       from generate_series(1, $1::int) g cross join network cross join users
       cross join lateral (
         select y.*, case when y.status = 'finished' then y.wh else 0 end as energy,
                case when y.status = 'finished' then (y.wh * 2000 + 500) / 1000 else 0 end as amount
         from (select case when g % 100 < 96 then 'finished' else 'canceled' end as status,
                      case when g % 10 = 0 then 1 + g / 10 % 5 end as promotion,
                      5000 + (g * 7 % 65000)::bigint as wh,
                      now() - interval '365 days' + (interval '365 days' - interval '3 hours') * (g::float8 / $1::int) as started_at) y
       ) x`,
      [CHARGES, USERS],
    );
    await client.query(`set session_replication_role = origin`);
    await client.query(`vacuum analyze charges`);
  });
  console.log(
    `loaded ${MERCHANTS} merchants, ${STATIONS} stations, ${USERS.toLocaleString('en')} users, ${CHARGES.toLocaleString('en')} charges in ${Math.round(loadMs / 1000)} s`,
  );
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-analytics-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  /** The analytics service's own connection, timed against the raw queries. */
  let reader: Awaited<ReturnType<typeof openDatabase>> | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    // Charges at the same scale (the engine's finishes of earlier runs add a few hundred) and the same users.
    const loaded = REUSE ? await loadedCharges(DATABASE_URL) : 0;
    const reused = REUSE && loaded >= CHARGES && loaded < CHARGES + CHARGES / 100 + 1_000;
    console.log(`database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (${reused ? 'reused' : 'created fresh'})`);
    if (!reused) {
      await createFreshDatabase(DATABASE_URL);
    }
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    await client.connect();
    if (!reused) {
      await loadData(client, dataDir);
    }

    // What `npm run analytics:rebuild` runs: the rebuild in one transaction under a SHARE lock on charges.
    const rebuilder = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: join(dataDir, 'pg3') });
    const rebuildMs = await timed(() => rebuildAnalytics(rebuilder.db)).finally(() => rebuilder.close());
    await client.query(`vacuum analyze analytics_hourly, analytics_period_hours, analytics_period_counts, analytics_station_hourly`);
    report(
      `analytics:rebuild over ${CHARGES.toLocaleString('en')} charges`,
      `${Math.round(rebuildMs / 1000)} s`,
      '< 300 s',
      rebuildMs < 300_000,
    );

    const authorization = await signIn(baseUrl);
    const get = async (path: string) => {
      const startedAt = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
      await response.text();
      if (!response.ok) {
        throw new Error(`GET ${path}: ${response.status}`);
      }
      return performance.now() - startedAt;
    };
    // The floor of any signed-in call: the HTTP round trip, the session check, the answer's validation.
    const floor: number[] = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      floor.push(await get('/api/v1/accounts/me/'));
    }
    report('  a signed-in call (GET /accounts/me/), p95', ms(percentile(floor, 0.95)), 'none: the floor', true);
    reader = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: join(dataDir, 'pg4') });
    const service = createAnalyticsService(reader.db);
    const today = bishkekToday();
    const date = new Date(Date.now() - 40 * 86_400_000 + 6 * 3_600_000).toISOString().slice(0, 10);
    const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const period of ['day', 'week', 'month', 'year'] as const) {
      // The period's bounds as the API answers them (ISO week, calendar month and year), for the raw queries.
      const bounds = (await (
        await fetch(`${baseUrl}/api/v1/analytics/?period=${period}&date=${date}`, { headers: { authorization } })
      ).json()) as {
        start: string;
        end: string;
        previous_start: string;
        until: string | null;
        previous_until: string | null;
      } & Record<
        'charges' | 'failed_charges' | 'active_users' | 'promo_users' | 'new_users',
        { value: number; previous: number }
      >;
      for (const call of ['', 'graph/']) {
        const times: number[] = [];
        for (let index = 0; index < REQUESTS; index += 1) {
          times.push(await get(`/api/v1/analytics/${call}?period=${period}&date=${date}`));
        }
        const p95 = percentile(times, 0.95);
        // The service behind the call, in this process: what the rollups answer in, without the HTTP floor.
        const serviceTimes: number[] = [];
        for (let index = 0; index < REQUESTS; index += 1) {
          const query = { period, date };
          serviceTimes.push(await timed(() => (call === '' ? service.summary(query) : service.graph(query))));
        }
        const serviceMs = percentile(serviceTimes, 0.5);
        // The same numbers from the raw charges, over the same period(s). One pg client runs one query at a time:
        // runs in turn (not Promise.all, which queued them on the client and measured each one's wait behind the
        // others), their median against the service's median: as many runs as the service's when a run is under a
        // second, three otherwise, one when it takes over 5 s.
        const rawQuery =
          call === ''
            ? rawSummary(bounds.previous_start, bounds.start, addDay(bounds.end), bounds.until, bounds.previous_until)
            : rawGraph(bounds.start, addDay(bounds.end));
        const raw: number[] = [];
        for (
          let run = 0;
          run < ((raw[0] ?? 0) < 1_000 ? REQUESTS : 3) && !(run === 1 && (raw[0] ?? 0) > 5_000);
          run += 1
        ) {
          raw.push(await timed(() => client.query(rawQuery)));
        }
        const rawMs = percentile(raw, 0.5);
        if (call === '') {
          // The raw query answers the same numbers: its counts against the API's, both periods.
          const [row] = (await client.query<Record<string, string>>(rawQuery)).rows;
          const pairs = {
            charges: 'charges',
            failed: 'failed_charges',
            active: 'active_users',
            promo: 'promo_users',
            new: 'new_users',
          } as const;
          const differing = Object.entries(pairs).filter(
            ([column, key]) =>
              Number(row?.[column]) !== bounds[key].value || Number(row?.[`${column}_before`]) !== bounds[key].previous,
          );
          report(
            `  raw numbers equal the API's, ${period}`,
            differing.length === 0 ? 'equal' : `differ: ${differing.map(([column]) => column).join(', ')}`,
            'equal',
            differing.length === 0,
          );
        }
        report(`GET /analytics/${call} ${period}, p95`, ms(p95), '< 100 ms', p95 < 100);
        report(
          `  raw charges / rollups, ${period}`,
          `${Math.round(rawMs / Math.max(serviceMs, 0.01))}x (medians: raw ${ms(rawMs)}, the service ${ms(serviceMs)}; p95s ${ms(percentile(raw, 0.95))} and ${ms(percentile(serviceTimes, 0.95))})`,
          '>= 20x',
          rawMs / Math.max(serviceMs, 0.01) >= 20,
        );
      }
    }
    const yearFrom = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const heat: number[] = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      heat.push(await get(`/api/v1/stations/heat-map/?period__from=${yearFrom}&period__to=${today}&metric=turnover`));
    }
    report(
      'GET /stations/heat-map/ of a year, p95',
      ms(percentile(heat, 0.95)),
      '< 100 ms',
      percentile(heat, 0.95) < 100,
    );

    // Finishing charges through the engine: the statement triggers add each to the rollups in its transaction.
    const engine = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: join(dataDir, 'pg2') });
    try {
      const [station] = (
        await client.query<{ id: number }>(`select id from stations where identity like 'ANALYTICS-%' limit 1`)
      ).rows;
      const users = (await client.query<{ id: number }>(`select id from app_users order by id limit $1`, [FINISHES]))
        .rows;
      const finishes: number[] = [];
      for (const user of users) {
        const started = await startCharge(engine.db, {
          userId: user.id,
          stationId: station?.id ?? 0,
          connectorOcppId: 1,
          source: 'app',
          paymentMethod: 'cash',
        });
        finishes.push(
          await timed(() => finishCharge(engine.db, { chargeId: started.id, status: 'finished', meterStopWh: 12_000 })),
        );
      }
      report(
        'finishing a charge with its rollups, p95',
        ms(percentile(finishes, 0.95)),
        '< 20 ms',
        percentile(finishes, 0.95) < 20,
      );
    } finally {
      await engine.close();
    }
  } finally {
    await client.end().catch(() => undefined);
    await reader?.close().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
