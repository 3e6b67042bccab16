// npm run bench:charges: the charges at scale, on PostgreSQL. Creates DATABASE_URL's database afresh (default
// postgres://postgres@127.0.0.1:5432/zaryad_bench_charges), starts the real server on it, loads 20,000 stations,
// 1,000,000 users and 10,000,000 charges (bench-charges.data.ts), rebuilds the rollups, then measures over HTTP: the
// list with each filter alone and all together, on page 1 and past the 100,000th row, at 1 and 10 connections (p95 <
// 50 ms); the totals of a month (< 100 ms) and of filter combinations (< 300 ms); a csv export of about 1,000,000 rows
// against COPY of the same rows (≥ 0.5x its speed); and in this process, finishing a charge through the engine with
// its ledger debit and rollups, priced by a rate of every tariff component (p95 < 20 ms); a connector's price preview
// with an estimate over HTTP (p95 < 20 ms); the header's global search by names, phones, accounts, identities,
// addresses and numbers, rare and common (p95 < 100 ms). Prints each figure beside its target; exits 1 on a miss.
// BENCH_REUSE=1 keeps a database a previous run loaded (the server migrates it on start) and measures again without
// the minutes of loading; BENCH_ONLY=search,finish measures only the sections named (lists, search, totals, finish,
// preview, export).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finishCharge, startCharge } from '@zaryad/server/charges';
import { openDatabase } from '@zaryad/server/db';
import pg from 'pg';
import { CHARGES, giveDefaultRates, insertChargesData, loadedCharges } from './bench-charges.data';
import { createFreshDatabase, insertNetwork } from './bench-network.data';
import { measure, type MeasuredRequest } from './bench-network.load';
import { copyMilliseconds, createReport, drain, freePort, pick, signIn, startServer } from './bench-harness';

const { figures, report } = createReport();

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_charges';
const REUSE = process.env.BENCH_REUSE === '1';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const FINISHES = 300;
/** BENCH_ONLY=search,finish (lists, search, totals, finish, preview, export): measures only those sections, to repeat one. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((section) => section.trim());
const measures = (section: 'lists' | 'search' | 'totals' | 'finish' | 'preview' | 'export') =>
  !ONLY || ONLY.includes(section);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;

/** One GET outside the load runs: its time and its JSON (a broken call fails the benchmark). */
const getJson = async <T>(baseUrl: string, authorization: string, path: string) => {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
  }
  return { ms: performance.now() - startedAt, body: JSON.parse(text) as T };
};

/** COPY of the export's rows (the charge with its station and user, in the list's order) to psql's stdout. */
const copyRows = (where: string) =>
  copyMilliseconds(
    DATABASE_URL,
    `select c.id, c.ocpp_transaction_id, u.name, u.phone, s.name_ru, c.connector_name, c.app_version,
        c.platform, c.source, c.started_at, c.finished_at, c.meter_start_wh, c.meter_stop_wh, c.energy_wh, c.price_per_kwh,
        c.discount, c.total_cost, c.payment_method, c.status, c.transaction_status
      from charges c join stations s on s.id = c.station_id left join app_users u on u.id = c.user_id
      where ${where} order by c.started_at desc, c.id desc`,
  );

/** `YYYY-MM-DD` of a Bishkek day `daysAgo` days before today. */
const bishkekDate = (daysAgo: number) =>
  new Date(Date.now() + 6 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-charges-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    const reused = REUSE && (await loadedCharges(DATABASE_URL)) >= CHARGES.charges;
    console.log(`database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (${reused ? 'reused' : 'created fresh'})`);
    if (!reused) {
      await createFreshDatabase(DATABASE_URL);
    }
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    if (!reused) {
      const loadStartedAt = performance.now();
      const network = await insertNetwork(DATABASE_URL);
      const timings = await insertChargesData(DATABASE_URL);
      const loadSeconds = (performance.now() - loadStartedAt) / 1000;
      console.log(
        `loaded ${network?.stations} stations (20,000 of them the network's), ${CHARGES.users.toLocaleString('en')} users, ${CHARGES.charges.toLocaleString('en')} charges: ` +
          `users ${timings.usersMs} ms, charges ${timings.chargesMs} ms, indexes ${timings.indexesMs} ms, rollups ${timings.rollupsMs} ms, vacuum ${timings.vacuumMs} ms`,
      );
      report(
        'data generation (network, users, charges, indexes, rollups, vacuum)',
        `${Math.round(loadSeconds)} s`,
        '< 300 s',
        loadSeconds < 300,
      );
    }
    await client.connect();

    const stationIds = (
      await client.query<{ id: number }>(
        `select id from stations where identity like 'BENCH-%' order by random() limit 500`,
      )
    ).rows.map((row) => row.id);
    const userIds = (
      await client.query<{ user_id: number }>(`select user_id from charges where id % 9973 = 0 limit 500`)
    ).rows.map((row) => row.user_id);
    const maxId = Number(
      (await client.query<{ max: string }>('select max(id)::text as max from charges')).rows[0]?.max,
    );
    const authorization = await signIn(baseUrl);
    const monthFrom = bishkekDate(120);
    const monthTo = bishkekDate(91);
    const filters: [string, () => string][] = [
      ['search_by_id', () => `search_by_id=${1 + Math.floor(Math.random() * maxId)}`],
      ['search_by_tx_id', () => `search_by_tx_id=${1 + Math.floor(Math.random() * maxId)}`],
      ['search_by_user_id', () => `search_by_user_id=${pick(userIds)}`],
      [
        'station_id__in (3 stations)',
        () => `station_id__in=${pick(stationIds)},${pick(stationIds)},${pick(stationIds)}`,
      ],
      ['status=finished,stopped', () => 'status=finished,stopped'],
      ['status=unauthorized', () => 'status=unauthorized'],
      ['source=rfid', () => 'source=rfid'],
      ['promotion_id__in=2,3', () => 'promotion_id__in=2,3'],
      ['payment_method=other_card', () => 'payment_method=other_card'],
      ['platform=2', () => 'platform=2'],
      ['period (a month)', () => `period__from=${monthFrom}&period__to=${monthTo}`],
      ['finished_date (a month)', () => `finished_date__from=${monthFrom}&finished_date__to=${monthTo}`],
      ['finished_time 18:00-21:00', () => 'finished_time__from=18:00&finished_time__to=21:00'],
      [
        'all filters together',
        () =>
          `station_id__in=${pick(stationIds)}&status=finished&source=app&promotion_id__in=1,2,3,4,5&payment_method=cash&platform=1` +
          `&period__from=${bishkekDate(360)}&period__to=${bishkekDate(1)}&finished_date__from=${bishkekDate(360)}&finished_time__from=06:00&finished_time__to=23:00`,
      ],
    ];
    // The list: page 1, and a page past the 100,000th row where the filter selects that many.
    const scenarios: [string, () => MeasuredRequest][] = [];
    for (const [name, query] of filters) {
      const first = await getJson<{ total: number }>(
        baseUrl,
        authorization,
        `/api/v1/users/transactions/?${query()}&page=1&size=10`,
      );
      console.log(
        `first request (counts), list ${name}: ${ms(first.ms)}, ${first.body.total.toLocaleString('en')} rows`,
      );
      scenarios.push([
        `list ${name}, page 1`,
        () => ({ method: 'GET', path: `/api/v1/users/transactions/?${query()}&page=1&size=10` }),
      ]);
      if (first.body.total > 100_010) {
        scenarios.push([
          `list ${name}, page 10,001-10,100`,
          () => ({
            method: 'GET',
            path: `/api/v1/users/transactions/?${query()}&page=${10_001 + Math.floor(Math.random() * 100)}&size=10`,
          }),
        ]);
      }
    }
    const options = { baseUrl, authorization, connections: 1, durationSeconds: DURATION_SECONDS };
    if (measures('lists')) {
      for (const [name, next] of scenarios) {
        await measure(name, next, { ...options, durationSeconds: 1 });
      }
      for (const connections of [1, 10]) {
        for (const [name, next] of scenarios) {
          const result = await measure(name, next, { ...options, connections });
          report(
            `${name}, ${connections} connection${connections > 1 ? 's' : ''} (${result.requests} requests, p50 ${ms(result.p50)}, errors ${result.errors})`,
            `p95 ${ms(result.p95)}`,
            '< 50 ms',
            result.requests > 0 && result.p95 < 50 && result.errors === 0,
          );
        }
      }
    }

    // The header's global search (docs/product/search.md): five groups a request, p95 < 100 ms at 1 connection (10: printed, no target).
    const stationTexts = (
      await client.query<{ identity: string; name_ru: string }>(
        `select identity, name_ru from stations where id = any($1::int[])`,
        [stationIds],
      )
    ).rows;
    const someUser = () => 1 + Math.floor(Math.random() * CHARGES.users);
    const digits = (value: number, length: number) => String(value).padStart(length, '0');
    const searches: [string, () => string][] = [
      ['a user by full name', () => `Водитель ${someUser()}`],
      ['a user by local phone (0 77…)', () => `077${digits(someUser(), 7)}`],
      ['a user by personal account', () => `C${digits(someUser(), 8)}`],
      ['a phone fragment of 7 digits (users, and charges by number)', () => digits(someUser(), 7)],
      ['a station by identity', () => pick(stationTexts).identity],
      ['a station by name', () => pick(stationTexts).name_ru],
      ['a merchant by name', () => `Мерчант ${1 + Math.floor(Math.random() * 1000)}`],
      ['a charge by number', () => String(1 + Math.floor(Math.random() * maxId))],
      ['an address shared by thousands of stations (Киевская)', () => 'Киевская'],
      ['a word every user holds (Водитель)', () => 'Водитель'],
      ['a word every station holds (Станция)', () => 'Станция'],
    ];
    if (measures('search')) {
      const probe = await getJson<{ groups: { kind: string; items: unknown[] }[] }>(
        baseUrl,
        authorization,
        `/api/v1/search/?q=${encodeURIComponent(`Водитель ${userIds[0] ?? 1}`)}`,
      );
      console.log(
        `first search: ${ms(probe.ms)}, groups ${probe.body.groups.map((group) => `${group.kind} ${group.items.length}`).join(', ')}`,
      );
      for (const connections of [1, 10]) {
        for (const [name, text] of searches) {
          const next = (): MeasuredRequest => ({
            method: 'GET',
            path: `/api/v1/search/?q=${encodeURIComponent(text())}`,
          });
          if (connections === 1) {
            await measure(`search, ${name}`, next, { ...options, durationSeconds: 1 });
          }
          const result = await measure(`search, ${name}`, next, { ...options, connections });
          if (connections > 1) {
            // No target at 10 connections, as in bench:network: ten searches at once (five groups each) queue on the two
            // cores that the server, PostgreSQL and the load generator share; the figure is the throughput's.
            console.log(
              `info search, ${name}, ${connections} connections: ${result.requests} requests, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, errors ${result.errors}`,
            );
            continue;
          }
          report(
            `search, ${name}, ${connections} connection${connections > 1 ? 's' : ''} (${result.requests} requests, p50 ${ms(result.p50)}, errors ${result.errors})`,
            `p95 ${ms(result.p95)}`,
            '< 100 ms',
            result.requests > 0 && result.p95 < 100 && result.errors === 0,
          );
        }
      }
    }
    // Totals: each a few times, the slowest reported.
    if (measures('totals')) {
      const totals: [string, string, number][] = [
        ['totals, a month', `period__from=${monthFrom}&period__to=${monthTo}`, 100],
        ['totals, everything', '', 300],
        [
          'totals, a month finished, status and method',
          `finished_date__from=${monthFrom}&finished_date__to=${monthTo}&status=finished&payment_method=cash`,
          300,
        ],
        [
          'totals, a year of 3 stations',
          `station_id__in=${stationIds.slice(0, 3).join(',')}&period__from=${bishkekDate(365)}`,
          300,
        ],
        ['totals, source, platform and promotions', 'source=app&platform=2&promotion_id__in=1,2', 300],
        ['totals, one user', `search_by_user_id=${userIds[0]}`, 300],
        [
          'totals, a month finished 18:00-21:00 (hourly rollup, the minute 21:00 from the charges)',
          `period__from=${monthFrom}&period__to=${monthTo}&finished_time__from=18:00&finished_time__to=21:00`,
          300,
        ],
        [
          'totals, finished 18:00-21:00 over the year (hourly rollup, the minute 21:00 from the charges)',
          'finished_time__from=18:00&finished_time__to=21:00',
          300,
        ],
      ];
      for (const [name, query, target] of totals) {
        const times: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          times.push((await getJson(baseUrl, authorization, `/api/v1/users/transactions/totals/?${query}`)).ms);
        }
        times.sort((a, b) => a - b);
        report(
          `${name} (5 requests, median ${ms(percentile(times, 0.5))})`,
          `max ${ms(times.at(-1) ?? 0)}`,
          `< ${target} ms`,
          (times.at(-1) ?? Infinity) < target,
        );
      }
    }
    // The finishing stations' first connectors lose their custom fee to a network default rate of every component
    // (tariffs II: energy with a night price, charging time, idle time after a grace, a session fee, a minimum), so
    // that the finish and the preview price through rate versions and periods.
    if (measures('finish') || measures('preview')) {
      await giveDefaultRates(client, stationIds, { firstConnectorOnly: true });
    }
    if (measures('preview')) {
      const connectors = (
        await client.query<{ id: number }>(
          `select id from station_connectors where station_id = any($1) and ocpp_16_id = 1`,
          [stationIds],
        )
      ).rows.map((row) => row.id);
      const result = await measure(
        'price preview',
        () => ({
          method: 'GET',
          path: `/api/v1/stations/connectors/${pick(connectors)}/price/?kwh=30&minutes=60`,
        }),
        options,
      );
      report(
        `a connector's price preview with an estimate (${result.requests} requests, p50 ${ms(result.p50)}, errors ${result.errors})`,
        `p95 ${ms(result.p95)}`,
        '< 20 ms',
        result.requests > 0 && result.p95 < 20 && result.errors === 0,
      );
    }
    // Finishing: charges started on balances that can pay, finished one by one through the engine in this process.
    if (measures('finish')) {
      const database = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: join(dataDir, 'unused') });
      try {
        const payers = userIds.slice(0, 100);
        await client.query(
          `insert into balance_entries (user_id, basis, method, credit) select id, 'top_up', 'cash', 10000000 from unnest($1::int[]) id`,
          [payers],
        );
        const started = [];
        for (let index = 0; index < FINISHES; index += 1) {
          started.push(
            await startCharge(database.db, {
              userId: payers[index % payers.length] ?? null,
              stationId: stationIds[index % stationIds.length] as number,
              connectorOcppId: 1,
              source: 'app',
              paymentMethod: 'personal_balance',
              platform: 2,
              meterStartWh: 1000,
            }),
          );
        }
        const latencies: number[] = [];
        for (const charge of started) {
          const startedAt = performance.now();
          await finishCharge(database.db, {
            chargeId: charge.id,
            status: 'finished',
            meterStopWh: 1000 + 20_000 + (charge.id % 30_000),
          });
          latencies.push(performance.now() - startedAt);
        }
        latencies.sort((a, b) => a - b);
        const [booked] = (
          await client.query<{ entries: number; rollup: number }>(
            `select (select count(*)::int from balance_entries where charge_id = any($1)) entries,
                  (select coalesce(sum(charges), 0)::int from charge_station_totals_daily where station_id = any($2) and status = 'finished' and day >= current_date - 1) rollup`,
            [started.map((charge) => charge.id), stationIds],
          )
        ).rows;
        report(
          `finishing a charge with its ledger debit and rollups (${FINISHES} finishes, p50 ${ms(percentile(latencies, 0.5))}; ${booked?.entries} ledger entries)`,
          `p95 ${ms(percentile(latencies, 0.95))}`,
          '< 20 ms',
          percentile(latencies, 0.95) < 20 && booked?.entries === FINISHES,
        );
      } finally {
        await database.close();
      }
    }
    // csv of about 1,000,000 charges (36 days of them) over HTTP, against COPY of the same rows in the same run.
    if (measures('export')) {
      const exportFrom = bishkekDate(200);
      const exportTo = bishkekDate(165);
      const where = `c.started_at >= '${exportFrom}T00:00:00+06:00' and c.started_at < ('${exportTo}T00:00:00+06:00'::timestamptz + interval '1 day')`;
      const copyMs = await copyRows(where);
      const csvStartedAt = performance.now();
      const response = await fetch(
        `${baseUrl}/api/v1/users/transactions/export/?format=csv&period__from=${exportFrom}&period__to=${exportTo}`,
        { headers: { authorization, 'accept-language': 'ru', 'accept-encoding': 'identity' } },
      );
      const csv = await drain(response);
      const csvMs = performance.now() - csvStartedAt;
      const speed = copyMs / csvMs;
      report(
        `csv export of ${(csv.lines - 1).toLocaleString('en')} charges (status ${response.status}, ${Math.round(csv.bytes / 1e6)} MB in ${Math.round(csvMs)} ms; COPY of the same rows ${Math.round(copyMs)} ms)`,
        `${speed.toFixed(2)}x COPY's speed`,
        '≥ 0.5x',
        response.ok && speed >= 0.5 && csv.lines > 900_000,
      );
    }
    console.table(figures.map(({ what, figure, target, ok }) => ({ what, figure, target, ok: ok ? 'yes' : 'NO' })));
    process.exitCode = figures.every((item) => item.ok) ? 0 : 1;
  } finally {
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
