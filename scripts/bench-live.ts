// npm run bench:live: the live board under a busy network (issue 35, docs/product/live.md). Creates DATABASE_URL's
// database afresh (default zaryad_bench_live on 127.0.0.1), starts the server as `npm start` does, inserts bench:ocpp's
// simulated network (bench-ocpp.fleet.ts) and connects its charge points through bench:ocpp's generator processes,
// opens the board's event stream as the browser does (GET /live/events/ with a bearer token), then for
// LIVE_BENCH_SECONDS has 1 % of the charge points change state every second (StatusNotification of connector 1:
// Charging, Faulted, Available in turn) and measures, against the targets:
//   - the delay from each StatusNotification sent to the board's event that shows the station in its new state,
//     received by the client: p99 < 1 s, every change seen;
//   - GET /live/ (the snapshot) with the network padded to LIVE_BENCH_NETWORK stations (141,000, bench:network's size):
//     its time p50 and its size, < 1 s.
// The alerts domain's evaluation runs inside the server on the same events when it is on main; the output says whether
// it was. Scale by environment: LIVE_BENCH_STATIONS (5000 charge points), LIVE_BENCH_SHARE (0.01 a second),
// LIVE_BENCH_SECONDS (60), LIVE_BENCH_NETWORK (141000), OCPP_BENCH_WORKERS (2). A small run proves it works:
// LIVE_BENCH_STATIONS=200 LIVE_BENCH_SECONDS=10 LIVE_BENCH_NETWORK=2000.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createReport, freePort, REPO_ROOT, rssMb, signIn, sleep, startServer } from './bench-harness';
import { createFreshDatabase } from './bench-network.data';
import { insertFleet, startWorkers } from './bench-ocpp.fleet';

const STATIONS = Number(process.env.LIVE_BENCH_STATIONS ?? 5000);
const SHARE = Number(process.env.LIVE_BENCH_SHARE ?? 0.01);
const SECONDS = Number(process.env.LIVE_BENCH_SECONDS ?? 60);
const NETWORK = Math.max(STATIONS, Number(process.env.LIVE_BENCH_NETWORK ?? 141_000));
const WORKERS = Math.max(1, Number(process.env.OCPP_BENCH_WORKERS ?? 2));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_live';
const STATION_KEY = 'bench-live-station-secret-key-0123456789';
const PASSWORD = 'BenchStationPass0001';
const CONNECT_BATCH = 250;
const DELAY_TARGET_MS = 1_000;
const SNAPSHOT_TARGET_MS = 1_000;
/** What each OCPP status makes the station on the board (connector 0 stays Available). */
const BOARD_STATE: Record<string, string> = { Charging: 'charging', Faulted: 'faulted', Available: 'available' };

const { report, missed } = createReport();
const sorted = (values: number[]) => Float64Array.from(values).sort();
const pct = (values: Float64Array, share: number) =>
  values[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ?? 0;

/** Plain stations without a charge point (offline on the board), so that the network has NETWORK stations. */
const padNetwork = async (client: pg.Client) => {
  const extra = NETWORK - STATIONS;
  if (extra <= 0) {
    return;
  }
  await client.query(
    `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                           latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
     select s.merchant_id, 'LIVEPAD-' || g, s.password_sealed, s.pic, 'Станция П' || g, 'Station P' || g, 'Бекет П' || g,
            s.address_ru, s.address_en, s.address_ky, 39.5 + (g % 1000) * 0.004, 69.5 + (g / 1000) * 0.06, '[]'::jsonb,
            s.manufacturer, s.execution_type, 0, s.country_id, s.city_id
     from generate_series(1, $1::int) g, (select * from stations where identity = 'OCPPB-1') s`,
    [extra],
  );
  await client.query('analyze stations');
};

/** Every event of the board's stream: [station id, state, epoch ms received]. */
const openBoardStream = async (baseUrl: string, token: string) => {
  const received: [number, string, number][] = [];
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/live/events/`, {
    headers: { authorization: token, accept: 'text/event-stream', 'accept-language': 'en' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`the board's stream answered ${response.status}`);
  }
  let events = 0;
  const reading = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        return;
      }
      const now = Date.now();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) {
          events += 1;
          const delta = JSON.parse(data.slice(6)) as { stations: { id: number; state: string }[] };
          for (const station of delta.stations) {
            received.push([station.id, station.state, now]);
          }
        }
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  return {
    received,
    events: () => events,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-live-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const endpoint = `ws://127.0.0.1:${port}/ocpp`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  let workers: ReturnType<typeof startWorkers> | undefined;
  process.env.STATION_SECRET_KEY = STATION_KEY;
  process.env.OCPP_HEARTBEAT_INTERVAL = '300';
  const alerts = existsSync(join(REPO_ROOT, 'apps/server/src/modules/alerts/index.ts'));
  try {
    console.log(
      `${STATIONS} charge points over ${WORKERS} generator processes, ${Math.round(SHARE * 100 * 100) / 100} % changing state a second for ${SECONDS} s; ` +
        `network of ${NETWORK} stations; alerts evaluation ${alerts ? 'on main: evaluated by the server on the same events' : 'not on main yet: not evaluated'}; load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
    );
    await createFreshDatabase(DATABASE_URL);
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    await client.connect();
    await insertFleet(client, { stations: STATIONS, sessions: 1, stationKey: STATION_KEY, password: PASSWORD });
    await padNetwork(client);
    const ids = new Map(
      (
        await client.query<{ id: number; identity: string }>(
          `select id, identity from stations where identity like 'OCPPB-%'`,
        )
      ).rows.map((row) => [Number(row.identity.slice('OCPPB-'.length)), row.id]),
    );
    const token = await signIn(baseUrl);

    workers = startWorkers(WORKERS);
    const { ask } = workers;
    const connected = await ask((index) => ({
      kind: 'connect',
      endpoint,
      password: PASSWORD,
      first: index + 1,
      step: WORKERS,
      count: STATIONS,
      batch: Math.ceil(CONNECT_BATCH / WORKERS),
    }));
    const booted = connected.reduce((sum, answer) => sum + (answer.bootedAt?.length ?? 0), 0);
    report(`charge points connected and booted`, `${booted} of ${STATIONS}`, 'all', booted === STATIONS);
    // The boots made every charge point's row: a network that has run a while has its tables' statistics, where
    // these, minutes old, would still say the table is empty (autovacuum analyzes later), and the board's read of
    // the stations with a charge point would scan all 141,000 stations (216 ms against 22 ms).
    await client.query('analyze charge_points, charge_point_connectors');

    // The snapshot at the network's size, as the board reads it (gzip, as a browser asks).
    const snapshotTimes: number[] = [];
    let snapshotBytes = 0;
    let snapshotStations = 0;
    for (let round = 0; round < 6; round += 1) {
      const startedAt = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/live/`, {
        headers: { authorization: token, 'accept-language': 'en', 'accept-encoding': 'gzip' },
      });
      const text = await response.text();
      const body = JSON.parse(text) as { stations: unknown[] };
      snapshotTimes.push(performance.now() - startedAt);
      snapshotBytes = Buffer.byteLength(text);
      snapshotStations = body.stations.length;
    }
    const snapshot = sorted(snapshotTimes.slice(1));
    report(
      `GET /live/ with ${snapshotStations} stations (p50 of 5 after a first read, ${(snapshotBytes / 1024 / 1024).toFixed(1)} MB of JSON sent gzipped)`,
      `${pct(snapshot, 0.5).toFixed(0)} ms`,
      `< ${SNAPSHOT_TARGET_MS} ms`,
      pct(snapshot, 0.5) < SNAPSHOT_TARGET_MS && snapshotStations === NETWORK,
    );

    // The board's stream open, then 1 % of the charge points changing state every second.
    const stream = await openBoardStream(baseUrl, token);
    await sleep(1_000);
    const changedAt = Date.now();
    const answers = await ask(() => ({ kind: 'statusChanges', share: SHARE, seconds: SECONDS }));
    const loadMs = Date.now() - changedAt;
    // The last events arrive within a window or two.
    await sleep(3_000);
    await stream.close();

    const byStation = new Map<number, [string, number][]>();
    for (const [stationId, state, at] of stream.received) {
      const list = byStation.get(stationId) ?? [];
      list.push([state, at]);
      byStation.set(stationId, list);
    }
    const changes = answers.flatMap((answer) => answer.changes ?? []);
    const delays: number[] = [];
    let unseen = 0;
    /** The changes not seen, and those seen last: what the station's events said after each was sent. */
    const trails: { delay: number; line: string }[] = [];
    for (const [number, sentAt, status] of changes) {
      const events = byStation.get(ids.get(number) ?? -1) ?? [];
      const seen = events.find(([state, at]) => at >= sentAt && state === BOARD_STATE[status]);
      const delay = seen ? seen[1] - sentAt : Number.POSITIVE_INFINITY;
      if (seen) {
        delays.push(delay);
      } else {
        unseen += 1;
      }
      if (delay > DELAY_TARGET_MS) {
        const after = events
          .filter(([, at]) => at >= sentAt - 1_000)
          .slice(0, 6)
          .map(([state, at]) => `${state} ${at - sentAt > 0 ? '+' : ''}${at - sentAt} ms`);
        trails.push({ delay, line: `${number} sent ${status}: ${after.join(', ') || 'no event'}` });
      }
    }
    trails.sort((a, b) => b.delay - a.delay);
    for (const { line } of trails.slice(0, 12)) {
      console.log(`     late or unseen: ${line}`);
    }
    const delay = sorted(delays);
    report(
      `state changes sent (${(changes.length / (loadMs / 1000)).toFixed(1)} a second over ${(loadMs / 1000).toFixed(0)} s) seen on the board's stream (${stream.events()} events)`,
      `${delays.length} of ${changes.length}`,
      'all',
      unseen === 0 && changes.length > 0,
    );
    report(
      `OCPP StatusNotification sent → board event received, p99 (p50 ${pct(delay, 0.5).toFixed(0)} ms, max ${pct(delay, 1).toFixed(0)} ms; server RSS ${rssMb(server.pid ?? 0)} MB; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')})`,
      `${pct(delay, 0.99).toFixed(0)} ms`,
      `< ${DELAY_TARGET_MS} ms`,
      delays.length > 0 && pct(delay, 0.99) < DELAY_TARGET_MS,
    );
  } finally {
    await workers?.ask(() => ({ kind: 'close' })).catch(() => undefined);
    for (const child of workers?.children ?? []) {
      child.kill('SIGTERM');
    }
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
