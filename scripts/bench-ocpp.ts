// npm run bench:ocpp: simulated OCPP 1.6J charge points against one server process on PostgreSQL (issue 17, part 7;
// issue 34, item 4). Creates DATABASE_URL's database afresh (default zaryad_bench_ocpp on 127.0.0.1), starts the server
// as `npm start` does, inserts the stations and drivers, then measures against the targets:
//   - the first 5,000 charge points connected and booted in < 60 s (all of them reported);
//   - heartbeat round trip p99 < 50 ms with all of them connected (one heartbeat each, 1,000 a second);
//   - the server's RSS with all of them (10,000) connected < 600 MB;
//   - 2,000 running charges (started 50 at a time per generator process) sending meter values every 2 s (1,000
//     messages a second) for 60 s: the rate held, the MeterValues round trip p99 < 100 ms of the sustained load (the
//     calls sent once every charge had started; those sent during the starts are shown apart), every call answered
//     and every charge's last meter value booked;
//   - the charges stopped as they were started, each finished and booked, no call unanswered;
//   - all of them reconnected and booted again after a server restart in < 60 s (the server spreads the boots with
//     BootNotification Pending and an interval, OCPP_BOOTS_PER_SECOND);
//   - the load generator's own CPU (it runs on the same cores, spread over OCPP_BENCH_WORKERS child processes).
// Scale by environment: OCPP_BENCH_STATIONS (10000), OCPP_BENCH_SESSIONS (2000), OCPP_BENCH_METER_SECONDS (2),
// OCPP_BENCH_SESSION_SECONDS (60), OCPP_BENCH_WORKERS (2), OCPP_BENCH_BOOT_TARGET (5000: the boots the 60 s target is
// of), OCPP_BENCH_BUSY (0: cores kept busy by a second load), OCPP_BENCH_CPU_PROF (a folder: the server's CPU
// profiles). A small run proves it works: OCPP_BENCH_STATIONS=200 OCPP_BENCH_SESSIONS=50 OCPP_BENCH_SESSION_SECONDS=10.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createReport, freePort, rssMb, serverNodeFlags, sleep, startServer } from './bench-harness';
import { createFreshDatabase } from './bench-network.data';
import { insertFleet, startWorkers } from './bench-ocpp.fleet';
import type { WorkerAnswer } from './bench-ocpp.worker';

const STATIONS = Number(process.env.OCPP_BENCH_STATIONS ?? 10_000);
const SESSIONS = Math.min(STATIONS, Number(process.env.OCPP_BENCH_SESSIONS ?? 2000));
const METER_SECONDS = Number(process.env.OCPP_BENCH_METER_SECONDS ?? 2);
const SESSION_SECONDS = Number(process.env.OCPP_BENCH_SESSION_SECONDS ?? 60);
const WORKERS = Math.max(1, Number(process.env.OCPP_BENCH_WORKERS ?? 2));
const BOOT_TARGET = Math.min(STATIONS, Number(process.env.OCPP_BENCH_BOOT_TARGET ?? 5000));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_ocpp';
const STATION_KEY = 'bench-ocpp-station-secret-key-0123456789';
const PASSWORD = 'BenchStationPass0001';
/** Sessions started (and later stopped) at once by each of the generator's processes. */
const SESSION_LANES = 50;
/** Charge points opening their connection at once, over all the generator's processes. */
const CONNECT_BATCH = 250;
const RSS_TARGET_MB = 600;
/**
 * OCPP_BENCH_BUSY=<cores>: a second load of other work beside the server and the generator (issue 34, item 4: the
 * targets hold under one), processes each busy its share of every 100 ms from the start to the end; 0 by default.
 */
const BUSY = Math.max(0, Number(process.env.OCPP_BENCH_BUSY ?? 0));
/** OCPP_BENCH_CPU_PROF=<folder>: the server runs with --cpu-prof, its profiles written there when it stops. */
const CPU_PROF = process.env.OCPP_BENCH_CPU_PROF;
const nodeFlags = [...serverNodeFlags('postgres'), ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])];

const { report, missed } = createReport();
const sorted = (values: number[]) => Float64Array.from(values).sort();
const pct = (values: Float64Array, share: number) =>
  values[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ?? 0;
/** The second load: ceil(cores) processes, each busy cores / ceil(cores) of every 100 ms. */
const startBusy = (cores: number): ChildProcess[] => {
  const count = Math.ceil(cores);
  const share = cores / Math.max(1, count);
  // Each ends with the benchmark, however it ends (its parent gone, it is adopted by another).
  const loop = `const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit();
    const end = Date.now() + ${100 * share}; while (Date.now() < end); }, 100);`;
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
};

/** CPU seconds (user + system) a process has used, from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * CPU seconds of every PostgreSQL process of this machine (the benchmark's database is local), with the ended
 * backends' that the postmaster has reaped, or NaN.
 */
const postgresCpuSeconds = () => {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) {
        continue;
      }
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') {
          continue;
        }
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        // Its own CPU and its ended children's (the postmaster's: the backends of closed connections).
        total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
      } catch {
        // The process ended while the list was read.
      }
    }
  } catch {
    return Number.NaN;
  }
  return total;
};

/** Transactions committed in the benchmark's database (each statement outside a transaction is one). */
const commits = async (client: pg.Client, settle: boolean) => {
  // The statistics reach pg_stat_database once a backend flushes them (at most a second late): at a phase's end, wait
  // for them; at its start, read at once (the phase's time runs).
  if (settle) {
    await sleep(1200);
  }
  return Number(
    (
      await client.query<{ commits: string }>(
        `select xact_commit::text as commits from pg_stat_database where datname = current_database()`,
      )
    ).rows[0]?.commits ?? Number.NaN,
  );
};

/**
 * What a phase cost each of its operations (a boot, a finish): the server's CPU, PostgreSQL's CPU and the
 * transactions (statements) it committed. CPU time rather than wall time: a busy machine stretches the latter, not the
 * work. Printed without a target, to compare builds.
 */
const startCost = async (client: pg.Client, serverPid: number) => {
  const before = {
    server: cpuSeconds(serverPid),
    postgres: postgresCpuSeconds(),
    commits: await commits(client, false),
  };
  return async (what: string, count: number) => {
    const settled = await commits(client, true);
    const after = { server: cpuSeconds(serverPid), postgres: postgresCpuSeconds(), commits: settled };
    const each = (value: number) => ((value / Math.max(1, count)) * 1000).toFixed(2);
    console.log(
      `     cost of ${count} ${what}: server CPU ${each(after.server - before.server)} ms, PostgreSQL CPU ${each(after.postgres - before.postgres)} ms, ${((after.commits - before.commits) / Math.max(1, count)).toFixed(1)} transactions each`,
    );
  };
};

/** Charge points connected now that booted since `since` (after the restart: reconnected and booted again). */
const connectedCount = async (client: pg.Client, since: Date) =>
  Number(
    (
      await client.query<{ count: string }>(
        `select count(*)::text as count from charge_points p join stations s on s.id = p.station_id
         where s.identity like 'OCPPB-%' and p.connected_at is not null and p.booted_at > $1`,
        [since],
      )
    ).rows[0]?.count ?? 0,
  );

/** Generator CPU as a share of one core over a phase. */
const cpuShare = (answers: WorkerAnswer[], wallMs: number) =>
  `${Math.round((answers.reduce((sum, answer) => sum + answer.cpuMs, 0) / wallMs) * 100)}% of a core`;

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-ocpp-'));
  // PORT pins the server's port (engineers sharing a machine each keep to their own range); else any free one.
  const port = Number(process.env.PORT) || (await freePort());
  const endpoint = `ws://127.0.0.1:${port}/ocpp`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  let workers: ReturnType<typeof startWorkers> | undefined;
  const busy = startBusy(BUSY);
  process.env.STATION_SECRET_KEY = STATION_KEY;
  process.env.OCPP_HEARTBEAT_INTERVAL = '300';
  try {
    console.log(
      `${STATIONS} charge points over ${WORKERS} generator processes, ${SESSIONS} sessions with meter values every ${METER_SECONDS} s for ${SESSION_SECONDS} s (${Math.round(SESSIONS / METER_SECONDS)} messages a second)${BUSY > 0 ? `, beside a second load of ${BUSY} of a core` : ''}`,
    );
    await createFreshDatabase(DATABASE_URL);
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL, nodeFlags });
    await client.connect();
    await insertFleet(client, { stations: STATIONS, sessions: SESSIONS, stationKey: STATION_KEY, password: PASSWORD });
    workers = startWorkers(WORKERS);
    const { ask } = workers;

    const bootCost = await startCost(client, server.pid ?? 0);
    const connectStartedAt = Date.now();
    const connected = await ask((index) => ({
      kind: 'connect',
      endpoint,
      password: PASSWORD,
      first: index + 1,
      step: WORKERS,
      count: STATIONS,
      batch: Math.ceil(CONNECT_BATCH / WORKERS),
    }));
    const connectMs = Date.now() - connectStartedAt;
    const bootedAt = sorted(connected.flatMap((answer) => answer.bootedAt ?? []));
    const targetSeconds = ((bootedAt[BOOT_TARGET - 1] ?? Infinity) - connectStartedAt) / 1000;
    report(
      `first ${BOOT_TARGET} charge points connected and booted`,
      `${targetSeconds.toFixed(1)} s`,
      '< 60 s',
      targetSeconds < 60,
    );
    report(
      `all ${STATIONS} connected and booted (${bootedAt.length} booted; generator ${cpuShare(connected, connectMs)})`,
      `${(connectMs / 1000).toFixed(1)} s`,
      'all',
      bootedAt.length === STATIONS,
    );
    await bootCost('boots (a connection, its boot and what follows)', bootedAt.length);

    // One heartbeat from each, 1,000 a second, all of them connected.
    const heartbeatsStartedAt = Date.now();
    const beats = await ask(() => ({ kind: 'heartbeats', spreadMs: STATIONS }));
    const times = sorted(beats.flatMap((answer) => answer.times ?? []));
    const p99 = pct(times, 0.99);
    report(
      `heartbeat round trip p99 (p50 ${pct(times, 0.5).toFixed(1)} ms, ${times.length} of ${STATIONS}; generator ${cpuShare(beats, Date.now() - heartbeatsStartedAt)}) with ${STATIONS} connected`,
      `${p99.toFixed(1)} ms`,
      '< 50 ms',
      p99 < 50 && times.length === STATIONS,
    );
    const rss = rssMb(server.pid ?? 0);
    report(`server RSS with ${STATIONS} connections`, `${rss} MB`, `< ${RSS_TARGET_MB} MB`, rss < RSS_TARGET_MB);

    // Sessions: each driver's tag on its own charge point, meter values every METER_SECONDS, then stopped.
    const sessionsAskedAt = Date.now();
    const startedAnswers = await ask(() => ({
      kind: 'sessions',
      upTo: SESSIONS,
      meterEveryMs: METER_SECONDS * 1000,
      lanes: SESSION_LANES,
    }));
    const started = startedAnswers.reduce((sum, answer) => sum + (answer.started ?? 0), 0);
    // No target of its own: how fast the network's charges start at once (each a transaction of the charges engine).
    const startSeconds = (Date.now() - sessionsAskedAt) / 1000;
    console.log(
      `     ${started} charges started in ${startSeconds.toFixed(1)} s (${Math.round(started / startSeconds)} a second)`,
    );
    const loadStartedAt = Date.now();
    const serverCpuBefore = cpuSeconds(server.pid ?? 0);
    const postgresCpuBefore = postgresCpuSeconds();
    await sleep(SESSION_SECONDS * 1000);
    const paused = await ask(() => ({ kind: 'pauseMeters' }));
    const loadMs = Date.now() - loadStartedAt;
    const serverCpu = cpuSeconds(server.pid ?? 0) - serverCpuBefore;
    const postgresCpu = postgresCpuSeconds() - postgresCpuBefore;
    const meterTimes = sorted(paused.flatMap((answer) => answer.times ?? []));
    const meterSent = paused.reduce((sum, answer) => sum + (answer.meterSent ?? 0), 0);
    const meterSentBefore = startedAnswers.reduce((sum, answer) => sum + (answer.meterSent ?? 0), 0);
    const rate = (meterSent - meterSentBefore) / (loadMs / 1000);
    const lastMeters = paused.flatMap((answer) => answer.sessions ?? []);
    const booked = Number(
      (
        await client.query<{ count: string }>(
          `select count(*)::text as count from charges c
           join unnest($1::int[], $2::bigint[]) as m(transaction_id, meter_wh) on m.transaction_id = c.ocpp_transaction_id
           where c.meter_last_wh = m.meter_wh and c.status = 'in_progress'`,
          [lastMeters.map(([id]) => id), lastMeters.map(([, meter]) => meter)],
        )
      ).rows[0]?.count ?? 0,
    );
    const wantedRate = SESSIONS / METER_SECONDS;
    report(
      `meter values of ${started} of ${SESSIONS} running charges every ${METER_SECONDS} s (server ${Math.round((serverCpu / (loadMs / 1000)) * 100)}% of a core, PostgreSQL ${Math.round((postgresCpu / (loadMs / 1000)) * 100)}%, generator ${cpuShare(paused, loadMs)})`,
      `${Math.round(rate)} messages/s`,
      `≥ ${Math.round(wantedRate * 0.95)}`,
      started === SESSIONS && rate >= wantedRate * 0.95,
    );
    // The target is of the sustained load: the calls sent once every session had started. The ones sent while the
    // charges were still starting (each start a charges-engine transaction) are shown beside it.
    const rampTimes = sorted(paused.flatMap((answer) => answer.rampTimes ?? []));
    const answered = meterTimes.length + rampTimes.length;
    if (rampTimes.length > 0) {
      console.log(
        `     MeterValues while the charges started: p50 ${pct(rampTimes, 0.5).toFixed(1)} ms, p99 ${pct(rampTimes, 0.99).toFixed(1)} ms (${rampTimes.length} calls)`,
      );
    }
    report(
      `MeterValues round trip p99, sustained load (p50 ${pct(meterTimes, 0.5).toFixed(1)} ms; ${answered} answered of ${meterSent})`,
      `${pct(meterTimes, 0.99).toFixed(1)} ms`,
      '< 100 ms',
      pct(meterTimes, 0.99) < 100 && answered === meterSent,
    );
    report(
      `charges whose last meter value is booked`,
      `${booked} of ${lastMeters.length}`,
      `all ${SESSIONS}`,
      booked === SESSIONS && lastMeters.length === SESSIONS,
    );
    const stopCost = await startCost(client, server.pid ?? 0);
    const stopsAskedAt = Date.now();
    const stoppedAnswers = await ask(() => ({ kind: 'stopSessions', lanes: SESSION_LANES }));
    const stopSeconds = (Date.now() - stopsAskedAt) / 1000;
    const lost = stoppedAnswers.reduce((sum, answer) => sum + (answer.lost ?? 0), 0);
    const sent = stoppedAnswers.reduce((sum, answer) => sum + (answer.sent ?? 0), 0);
    const finished = (
      await client.query<{ finished: string; right: string }>(
        `select count(*)::text as finished,
                count(*) filter (where energy_wh = meter_stop_wh - meter_start_wh and energy_wh > 0)::text as right
         from charges c join stations s on s.id = c.station_id where s.identity like 'OCPPB-%' and c.status = 'finished'`,
      )
    ).rows[0];
    report(
      `charges stopped ${SESSION_LANES * WORKERS} at a time, finished and booked in ${stopSeconds.toFixed(1)} s (${Math.round(Number(finished?.finished) / stopSeconds)} a second); calls unanswered`,
      `${finished?.right} of ${finished?.finished} finished; ${lost} of ${sent} calls unanswered`,
      `${SESSIONS} and 0 lost`,
      Number(finished?.right) === SESSIONS && Number(finished?.finished) === SESSIONS && lost === 0,
    );
    await stopCost('finishes (a StopTransaction and its charge finished)', Number(finished?.finished));

    // A restart: every charge point reconnects by itself and boots again (spread by the server's Pending answers).
    const restartedAt = performance.now();
    const restartedWhen = new Date();
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL, nodeFlags });
    const reconnectCost = await startCost(client, server.pid ?? 0);
    let reconnected = 0;
    let halfSeconds = Infinity;
    while (performance.now() - restartedAt < 180_000) {
      reconnected = await connectedCount(client, restartedWhen);
      if (reconnected >= BOOT_TARGET && halfSeconds === Infinity) {
        halfSeconds = (performance.now() - restartedAt) / 1000;
      }
      if (reconnected >= STATIONS) {
        break;
      }
      await sleep(500);
    }
    const reconnectSeconds = (performance.now() - restartedAt) / 1000;
    report(
      `first ${BOOT_TARGET} reconnected and booted after a server restart`,
      `${halfSeconds.toFixed(1)} s`,
      '< 60 s',
      halfSeconds < 60,
    );
    report(
      `${reconnected} of ${STATIONS} reconnected and booted after a server restart (server RSS ${rssMb(server.pid ?? 0)} MB)`,
      `${reconnectSeconds.toFixed(1)} s`,
      '< 60 s',
      reconnected >= STATIONS && reconnectSeconds < 60,
    );
    await reconnectCost('reconnections (a connection, its boot and what follows)', reconnected);
  } finally {
    await workers?.ask(() => ({ kind: 'close' })).catch(() => undefined);
    for (const child of workers?.children ?? []) {
      child.kill('SIGTERM');
    }
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    for (const child of busy) {
      child.kill('SIGTERM');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
