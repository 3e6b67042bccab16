// npm run bench:scale: the server behind nginx with 1, 2 and 3 processes on one PostgreSQL (docs/deploy.md, issue 36),
// on its own database (BENCH_SCALE_DATABASE_URL, else zaryad_bench_scale, created fresh) with 2,000 stations. At each
// size, through the balancer, one after another for BENCH_SECONDS (10) each: the stations list with a search (10
// connections), the dashboard (10 connections), and the heartbeats of BENCH_SCALE_CHARGE_POINTS (200) charge points, 10 a
// second each (2,000 a second offered). Prints each one's throughput and p95 at each size. The load generator shares the
// machine's cores with the processes, so the figures say what this machine allows, not what more machines would: the
// targets are that nothing fails at any size and that the balancer spreads the charge points over every process.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from '@zaryad/server/nginx';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import pg from 'pg';
import { createReport, freePort, pick, signIn, sleep, startServer } from './bench-harness';
import { createFreshDatabase } from './bench-network.data';
import { measure, type MeasuredRequest } from './bench-network.load';
import { insertFleet } from './bench-ocpp.fleet';

const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_scale';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const CHARGE_POINTS = Number(process.env.BENCH_SCALE_CHARGE_POINTS ?? 200);
const STATIONS = Math.max(CHARGE_POINTS, 2_000);
const SIZES = [1, 2, 3];
const STATION_KEY = 'bench-scale-station-key-0123456789abcdef';
const PASSWORD = 'BenchScalePassword01';
// Every process signs and reads the same tokens, and opens the same sealed station passwords.
process.env.JWT_SECRET = 'bench-scale-jwt-secret-0123456789abcdefghij';
process.env.STATION_SECRET_KEY = STATION_KEY;
// Each process's /metrics tells how many charge points the balancer gave it.
const METRICS_TOKEN = 'bench-scale-metrics-token';
process.env.METRICS_TOKEN = METRICS_TOKEN;

interface SizeResult {
  processes: number;
  list: { perSecond: number; p95: number; errors: number };
  dashboard: { perSecond: number; p95: number; errors: number };
  heartbeats: { perSecond: number; p95: number; errors: number };
  spread: number[];
}

const percentile95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
};

/** How many charge point connections each process holds, from its own /metrics. */
const connectionsOf = async (ports: number[]) =>
  Promise.all(
    ports.map(async (port) => {
      const text = await (
        await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(/^zaryad_ocpp_connections(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
    }),
  );

/**
 * Heartbeats from every charge point, each its next HEARTBEAT_EVERY_MS after the last was sent (or answered, when that
 * is later): 10 a second each, half of what OCPP_RATE_LIMIT lets one charge point send. Their rate, p95 and failures.
 */
const HEARTBEAT_EVERY_MS = 100;
const heartbeatLoad = async (points: SimulatedChargePoint[]) => {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    points.map(async (point, index) => {
      // Spread over the first interval, as a network's heartbeats are.
      await sleep((HEARTBEAT_EVERY_MS * index) / points.length);
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await point.heartbeat();
          times.push(performance.now() - started);
        } catch {
          errors += 1;
        }
        await sleep(Math.max(0, HEARTBEAT_EVERY_MS - (performance.now() - started)));
      }
    }),
  );
  return { perSecond: Math.round(times.length / SECONDS), p95: Math.round(percentile95(times) * 10) / 10, errors };
};

const runSize = async (processes: number, merchantId: number, work: string): Promise<SizeResult> => {
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  const points: SimulatedChargePoint[] = [];
  let stopBalancer = () => undefined as void;
  try {
    for (let index = 0; index < processes; index += 1) {
      const port = await freePort();
      ports.push(port);
      servers.push(
        await startServer({ port, dataDir: join(work, `p${processes}-${index}`), databaseUrl: DATABASE_URL }),
      );
    }
    const nginx = startNginx({
      upstreamPorts: ports,
      port: await freePort(),
      workDir: join(work, `nginx-${processes}`),
    });
    stopBalancer = nginx.stop;
    for (
      let attempt = 0;
      attempt < 100 &&
      !(await fetch(`${nginx.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
      attempt += 1
    ) {
      await sleep(100);
    }
    const authorization = await signIn(nginx.url);
    const options = { baseUrl: nginx.url, authorization, connections: CONNECTIONS, durationSeconds: SECONDS };
    const searches = ['Станция 1', 'Station 2', 'OCPPB-3', '4'];
    const list = await measure(
      'stations list',
      (): MeasuredRequest => ({
        method: 'GET',
        path: `/api/v1/stations/?merchant=${merchantId}&search=${encodeURIComponent(pick(searches))}&page=${1 + Math.floor(Math.random() * 5)}&size=10`,
      }),
      options,
    );
    if (list.errors > 0) {
      console.log(`stations list failures by status: ${JSON.stringify(list.failedStatuses)}`);
    }
    const dashboard = await measure(
      'dashboard',
      (): MeasuredRequest => ({ method: 'GET', path: `/api/v1/analytics/?period=${pick(['day', 'week', 'month'])}` }),
      options,
    );
    if (dashboard.errors > 0) {
      console.log(`dashboard failures by status: ${JSON.stringify(dashboard.failedStatuses)}`);
    }
    const endpoint = `${nginx.url.replace('http:', 'ws:')}/ocpp`;
    for (let index = 1; index <= CHARGE_POINTS; index += 1) {
      const point = new SimulatedChargePoint({
        endpoint,
        identity: `OCPPB-${index}`,
        password: PASSWORD,
        heartbeatMs: 3_600_000,
      });
      await point.connect();
      points.push(point);
    }
    await Promise.all(points.map((point) => point.boot()));
    const spread = await connectionsOf(ports);
    const heartbeats = await heartbeatLoad(points);
    return {
      processes,
      list: { perSecond: Math.round(list.requests / SECONDS), p95: list.p95, errors: list.errors },
      dashboard: { perSecond: Math.round(dashboard.requests / SECONDS), p95: dashboard.p95, errors: dashboard.errors },
      heartbeats,
      spread,
    };
  } finally {
    await Promise.all(points.map((point) => point.close().catch(() => undefined)));
    stopBalancer();
    for (const server of servers) {
      server.kill('SIGTERM');
    }
    await Promise.all(
      servers.map(
        (server) => new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null))),
      ),
    );
  }
};

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'zaryad-bench-scale-'));
  const { report, missed } = createReport();
  try {
    console.log(`database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (created fresh)`);
    await createFreshDatabase(DATABASE_URL);
    // One start migrates the database and writes its reference data; then the fleet goes in.
    const first = await startServer({
      port: await freePort(),
      dataDir: join(work, 'first'),
      databaseUrl: DATABASE_URL,
    });
    first.kill('SIGTERM');
    await new Promise((resolve) => first.once('exit', resolve));
    let merchantId = 0;
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await insertFleet(client, { stations: STATIONS, sessions: 0, stationKey: STATION_KEY, password: PASSWORD });
      merchantId =
        (await client.query<{ id: number }>("select id from merchants where name = 'OCPP bench'")).rows[0]?.id ?? 0;
    } finally {
      await client.end();
    }
    console.log(
      `${STATIONS} stations; ${CHARGE_POINTS} charge points; ${SECONDS} s per load; ${CONNECTIONS} connections`,
    );
    const results: SizeResult[] = [];
    for (const size of SIZES) {
      const result = await runSize(size, merchantId, work);
      results.push(result);
      console.log(
        `${size} process${size > 1 ? 'es' : ''}: stations list ${result.list.perSecond}/s p95 ${result.list.p95} ms` +
          ` (${result.list.errors} failed); dashboard ${result.dashboard.errors} failed; heartbeats ${result.heartbeats.errors} failed; ` +
          `dashboard ${result.dashboard.perSecond}/s p95 ${result.dashboard.p95} ms; ` +
          `heartbeats ${result.heartbeats.perSecond}/s p95 ${result.heartbeats.p95} ms; charge points per process ${result.spread.join(' / ')}`,
      );
    }
    for (const result of results) {
      const errors = result.list.errors + result.dashboard.errors + result.heartbeats.errors;
      report(`${result.processes} process(es): failed requests and heartbeats`, String(errors), '0', errors === 0);
      const spreadOk =
        result.spread.every((count) => count > 0) && result.spread.reduce((a, b) => a + b, 0) === CHARGE_POINTS;
      report(
        `${result.processes} process(es): charge points per process`,
        result.spread.join(' / '),
        `all ${CHARGE_POINTS} connected, every process holding some`,
        spreadOk,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
