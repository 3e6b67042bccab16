// npx tsx scripts/bench-finish.ts: what one charge's finish costs in CPU, on PostgreSQL. Creates DATABASE_URL's database
// afresh (default postgres://postgres@127.0.0.1:5432/zaryad_bench_finish), migrates it, builds stations with a 20.00 som
// fee (BENCH_RATE=1: a rate of every tariff component instead) and drivers holding 500 som through the tests' builders,
// starts BENCH_N charges per phase through the engine (each with its hold and two meter readings), then finishes them
// as StopTransaction does (by station and OCPP transaction id): one after another, then BENCH_CONCURRENCY at once.
// Prints per finish: wall ms, Node CPU (process.cpuUsage), PostgreSQL CPU (the database's backends' utime + stime from
// /proc, 10 ms ticks) and the statements sent (node-postgres queries, BEGIN and COMMIT included); and with BENCH_LOG=1
// the statements of one finish. The database is dropped at the end unless BENCH_KEEP=1.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { finishCharge, recordMeterValue, startCharge } from '../apps/server/src/modules/charges';
import { openDatabase } from '../apps/server/src/db/client';
import { seedReferenceData } from '../apps/server/src/seed/reference';
import { buildPricedStation } from '../apps/server/src/test/charge-builders';
import { buildEntry, buildUser } from '../apps/server/src/test/user-builders';
import { giveDefaultRates } from './bench-charges.data';
import { createFreshDatabase } from './bench-network.data';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_finish';
const N = Number(process.env.BENCH_N ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const STATIONS = 20;
const name = new URL(DATABASE_URL).pathname.slice(1);

// Every statement node-postgres sends, counted (and kept while `logging`).
let statements = 0;
let logging = false;
const logged: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (logging) {
    const first = args[0] as string | { text: string; name?: string };
    logged.push(typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text}`);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const ticksOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ')'.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const main = async () => {
  await createFreshDatabase(DATABASE_URL);
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows.map((row) => row.pid);
  const pgTicks = async () => new Map((await backends()).map((pid) => [pid, ticksOf(pid)]));
  const database = await openDatabase({ databaseUrl: DATABASE_URL, seedReferenceData, poolSize: 10 });
  const { db } = database;
  try {
    const stationIds: number[] = [];
    for (let index = 0; index < STATIONS; index += 1) {
      stationIds.push(await buildPricedStation(db));
    }
    if (process.env.BENCH_RATE === '1') {
      await giveDefaultRates(admin, stationIds, { firstConnectorOnly: false });
    }
    // An experiment's SQL (BENCH_SQL), run once the data is built: a trigger disabled to see what it costs.
    if (process.env.BENCH_SQL) {
      await admin.query(process.env.BENCH_SQL);
    }
    const startAll = async () => {
      const started = [];
      for (let index = 0; index < N; index += 1) {
        const user = await buildUser(db);
        await buildEntry(db, user.id, { credit: '500.00' });
        const charge = await startCharge(db, {
          userId: user.id,
          stationId: stationIds[index % STATIONS] as number,
          connectorOcppId: 1,
          source: 'rfid',
          paymentMethod: 'personal_balance',
          meterStartWh: 1_000,
          startedAt: new Date(Date.now() - 40 * 60_000),
        });
        // Two readings: the meter's rises the price reads.
        await recordMeterValue(db, charge.id, 5_000, new Date(Date.now() - 20 * 60_000));
        await recordMeterValue(db, charge.id, 9_000, new Date(Date.now() - 60_000));
        started.push(charge);
      }
      return started;
    };
    const finishOne = async (charge: { stationId: number; ocppTransactionId: number }, index: number) => {
      const result = await finishCharge(db, {
        ocppTransaction: { stationId: charge.stationId, transactionId: charge.ocppTransactionId },
        status: 'finished',
        meterStopWh: 10_000 + (index % 977),
        finishedAt: new Date(),
      });
      if (!result?.finished) {
        throw new Error('a charge was not finished');
      }
    };
    const phase = async (label: string, concurrency: number) => {
      const started = await startAll();
      // Warm: the pool's connections open, the plans of the first finishes made.
      await Promise.all(Array.from({ length: concurrency }, () => db.execute(sql`select pg_sleep(0.01)`)));
      const profiler = process.env.BENCH_PROFILE && concurrency === 1 ? new Session() : null;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      const ticksBefore = await pgTicks();
      const statementsBefore = statements;
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let index = next++; index < started.length; index = next++) {
            await finishOne(started[index]!, index);
          }
        }),
      );
      const wall = performance.now() - wallBefore;
      const cpu = process.cpuUsage(cpuBefore);
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
        profiler.disconnect();
      }
      const sent = statements - statementsBefore;
      const ticksAfter = await pgTicks();
      let ticks = 0;
      for (const [pid, after] of ticksAfter) {
        ticks += after - (ticksBefore.get(pid) ?? 0);
      }
      const per = (value: number) => (value / started.length).toFixed(2);
      console.log(
        `${label}: ${started.length} finishes in ${(wall / 1000).toFixed(2)} s; per finish: wall ${per(wall)} ms, ` +
          `Node CPU ${per((cpu.user + cpu.system) / 1000)} ms, PG CPU ${per(ticks * 10)} ms, statements ${per(sent)}`,
      );
    };
    await phase('warm-up (not counted)', 1);
    if (process.env.BENCH_LOG === '1') {
      const [charge] = await startAll().then((all) => all.slice(0, 1));
      logging = true;
      await finishOne(charge!, 0);
      logging = false;
      console.log(logged.map((text, index) => `${index + 1}. ${text.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n'));
    }
    // BENCH_STATS=n: n finishes on one connection with log_statement_stats, its usage of each protocol message (parse,
    // bind, execute) sent to this client only; averaged per statement of the finish, in microseconds of CPU.
    if (process.env.BENCH_STATS) {
      const runs = Number(process.env.BENCH_STATS);
      await admin.query(`alter database ${name} set log_statement_stats = on`);
      await admin.query(`alter database ${name} set log_min_messages = panic`);
      await admin.query(`alter database ${name} set client_min_messages = log`);
      // BENCH_EXPLAIN=1: auto_explain's timing of every statement, the triggers' own included (instead of the usage).
      if (process.env.BENCH_EXPLAIN === '1') {
        await admin.query(`alter database ${name} set log_statement_stats = off`);
        await admin.query(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
        await admin.query(`alter database ${name} set auto_explain.log_min_duration = 0`);
        await admin.query(`alter database ${name} set auto_explain.log_nested_statements = on`);
        await admin.query(`alter database ${name} set auto_explain.log_analyze = on`);
        await admin.query(`alter database ${name} set auto_explain.log_timing = off`);
      }
      const statsHandle = await openDatabase({ databaseUrl: DATABASE_URL, migrate: false, poolSize: 1 });
      const usage = new Map<string, { cpu: number; count: number }>();
      let current = '';
      statsHandle.pool!.on('connect', (client) => {
        client.on('notice', (notice) => {
          const explained = /^duration: ([\d.]+) ms\s+plan:\s*Query Text: ([\s\S]*?)\n(?=\S)/.exec(
            notice.message ?? '',
          );
          if (explained && logging) {
            const key = `   ${explained[2]!.replace(/\s+/g, ' ').slice(0, 110)}`;
            const entry = usage.get(key) ?? { cpu: 0, count: 0 };
            entry.cpu += Number(explained[1]) * 1000;
            entry.count += 1;
            usage.set(key, entry);
            return;
          }
          const detail = notice.detail ?? '';
          const match = /([\d.]+) s user, ([\d.]+) s system/.exec(detail);
          if (!match || !logging) {
            return;
          }
          const key = `${current} ${notice.message?.split(' ')[0]}`;
          const entry = usage.get(key) ?? { cpu: 0, count: 0 };
          entry.cpu += (Number(match[1]) + Number(match[2])) * 1e6;
          entry.count += 1;
          usage.set(key, entry);
        });
      });
      const all = await startAll();
      let ordinal = 0;
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function named(this: pg.Client, ...args: unknown[]) {
        const first = args[0] as string | { text: string };
        const text = typeof first === 'string' ? first : first.text;
        current = `${String(++ordinal).padStart(2, '0')} ${text.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 60)}`;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      for (const [index, charge] of all.slice(0, runs + 5).entries()) {
        logging = index >= 5;
        ordinal = 0;
        await finishCharge(statsHandle.db, {
          ocppTransaction: { stationId: charge.stationId, transactionId: charge.ocppTransactionId },
          status: 'finished',
          meterStopWh: 10_000,
          finishedAt: new Date(),
        });
      }
      logging = false;
      logged.length = 0;
      pg.Client.prototype.query = original;
      await statsHandle.close();
      await admin.query(`alter database ${name} reset all`);
      let total = 0;
      for (const [key, { cpu, count }] of [...usage].sort()) {
        total += cpu / runs;
        console.log(`${(cpu / count).toFixed(0).padStart(6)} us  x${(count / runs).toFixed(1)}  ${key}`);
      }
      console.log(`total ${total.toFixed(0)} us of PostgreSQL CPU per finish`);
    }
    // BENCH_FUNCTIONS=1: the PL/pgSQL functions' (the triggers') calls and time per finish, from pg_stat_user_functions.
    if (process.env.BENCH_FUNCTIONS === '1') {
      await admin.query(`alter database ${name} set track_functions = 'pl'`);
      // BENCH_FUNCTIONS_AT_ONCE=n: n finishes at once (1 unless told).
      const atOnce = Number(process.env.BENCH_FUNCTIONS_AT_ONCE ?? 1);
      const fnHandle = await openDatabase({ databaseUrl: DATABASE_URL, migrate: false, poolSize: atOnce });
      const all = await startAll();
      await admin.query('select pg_stat_reset()');
      let next = 0;
      await Promise.all(
        Array.from({ length: atOnce }, async () => {
          for (let index = next++; index < all.length; index = next++) {
            const charge = all[index]!;
            await finishCharge(fnHandle.db, {
              ocppTransaction: { stationId: charge.stationId, transactionId: charge.ocppTransactionId },
              status: 'finished',
              meterStopWh: 10_000,
              finishedAt: new Date(),
            });
          }
        }),
      );
      await fnHandle.close();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const functions = await admin.query<{ funcname: string; calls: string; total: number; self: number }>(
        'select funcname, calls, total_time total, self_time self from pg_stat_user_functions order by self_time desc',
      );
      for (const row of functions.rows) {
        console.log(
          `${row.funcname}: ${(Number(row.calls) / all.length).toFixed(1)} calls, total ${((row.total * 1000) / all.length).toFixed(0)} us, self ${((row.self * 1000) / all.length).toFixed(0)} us per finish`,
        );
      }
      await admin.query(`alter database ${name} reset all`);
    }
    const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
    for (let round = 1; round <= rounds; round += 1) {
      await phase(`sequential #${round}`, 1);
      await phase(`${CONCURRENCY} at once #${round}`, CONCURRENCY);
    }
    const [check] = (
      await admin.query<{ finished: number; entries: number; debit: string; rollup: number }>(
        `select (select count(*)::int from charges where status = 'finished') finished,
                (select count(*)::int from balance_entries where basis = 'charge_payment') entries,
                (select coalesce(sum(debit), 0)::text from balance_entries where basis = 'charge_payment') debit,
                (select coalesce(sum(charges), 0)::int from charge_station_totals_daily where status = 'finished') rollup`,
      )
    ).rows;
    console.log(`booked: ${JSON.stringify(check)}`);
  } finally {
    await database.close();
    await admin.end();
    if (process.env.BENCH_KEEP !== '1') {
      const url = new URL(DATABASE_URL);
      url.pathname = '/postgres';
      const dropper = new pg.Client({ connectionString: url.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    }
  }
};

await main();
