// npm run bench:app: the drivers' API (/api/app/v1, issue 38) under a network's load, on PostgreSQL. Creates
// DATABASE_URL's database afresh (default zaryad_bench_app on 127.0.0.1; never the tests' database), starts the
// production server on it as `npm start` does (bench-harness.ts), and measures, against the targets:
//   a. stations near a point: APP_BENCH_STATIONS (20,000) stations inserted by generate_series (55 % around Bishkek,
//      15 % around Osh, 30 % over the whole country), then APP_BENCH_QUERIES (2,000) GET /stations/?lat&lon&radius one
//      after another by a signed-in driver at random points (70 % in Bishkek, 30 % anywhere in the country; radius 5,
//      10 or 20 km; the app's first page): p95 < 30 ms;
//   b. start to charging: APP_BENCH_DRIVERS (500) drivers signed in through the API (a code by SMS read from the
//      outbox, checked) and topped up through the dashboard's API, each with the session's event stream open
//      (GET /charging/events/), start a charge over APP_BENCH_START_SECONDS (60) at simulated charge points
//      (APP_BENCH_CONNECTORS, 2, connectors each; a charge point answers RemoteStartTransaction Accepted and then sends
//      StartTransaction with the id tag it was sent, StatusNotification Charging, and MeterValues every
//      APP_BENCH_METER_SECONDS, 60). Measured: from the app's POST /charging/start/ to the moment the driver's open
//      stream delivers a session whose `charges` holds the running charge: p95 < 300 ms; and the 202's own latency
//      (no target).
// Each figure is printed beside its target; exit 1 on a miss. The bench's server allows OTP_LIMIT_PER_CLIENT codes
// per client (500 drivers sign in from one address here). A small run proves it works: APP_BENCH_STATIONS=2000
// APP_BENCH_QUERIES=200 APP_BENCH_DRIVERS=40 APP_BENCH_START_SECONDS=5.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import pg from 'pg';
import { AREAS, insertCatalogue, insertChargingNetwork } from './bench-app.data';
import { createReport, freePort, rssMb, signIn, signInDriver, sleep, startServer } from './bench-harness';
import { createFreshDatabase } from './bench-network.data';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_app';
const STATIONS = Number(process.env.APP_BENCH_STATIONS ?? 20_000);
const QUERIES = Number(process.env.APP_BENCH_QUERIES ?? 2_000);
const DRIVERS = Number(process.env.APP_BENCH_DRIVERS ?? 500);
const START_SECONDS = Number(process.env.APP_BENCH_START_SECONDS ?? 60);
const CONNECTORS = Math.max(1, Number(process.env.APP_BENCH_CONNECTORS ?? 2));
const METER_SECONDS = Number(process.env.APP_BENCH_METER_SECONDS ?? 60);
const POINTS = Math.ceil(DRIVERS / CONNECTORS);
const STATION_KEY = 'bench-app-station-secret-key-0123456789';
const PASSWORD = 'BenchStationPass0002';
const NEAR_TARGET_MS = 30;
const CHARGING_TARGET_MS = 300;
/** Sign-ins and top-ups this many at a time (a few apps at once; each is a handful of requests). */
const SETUP_LANES = 8;

const { report, missed } = createReport();
const sorted = (values: number[]) => Float64Array.from(values).sort();
const pct = (values: Float64Array, share: number) =>
  values[Math.min(values.length - 1, Math.max(0, Math.ceil(share * values.length) - 1))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
/** p50, p99 and max of some times, for the line beside a p95. */
const spread = (values: Float64Array) =>
  `p50 ${ms(pct(values, 0.5))}, p99 ${ms(pct(values, 0.99))}, max ${ms(pct(values, 1))}`;

/** `work(i)` for i = 0 … count - 1, `lanes` at a time. */
const inLanes = async (count: number, lanes: number, work: (index: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
};

const random = (from: number, to: number) => from + Math.random() * (to - from);

/** A point where a driver looks for stations: in Bishkek mostly, anywhere in the country otherwise. */
const randomPoint = () => {
  const { bishkek, country } = AREAS;
  if (Math.random() < 0.7) {
    return {
      area: 'bishkek' as const,
      lat: bishkek.lat + random(-bishkek.dLat, bishkek.dLat),
      lon: bishkek.lon + random(-bishkek.dLon, bishkek.dLon),
    };
  }
  return {
    area: 'country' as const,
    lat: random(country.latFrom, country.latTo),
    lon: random(country.lonFrom, country.lonTo),
  };
};

/** a. GET /stations/?lat&lon&radius one after another at random points: each request's time to its last byte. */
const measureNearby = async (baseUrl: string, driver: string) => {
  const times: Record<'bishkek' | 'country', number[]> = { bishkek: [], country: [] };
  let found = 0;
  const ask = async () => {
    const point = randomPoint();
    const radius = [5, 10, 20][Math.floor(Math.random() * 3)];
    const startedAt = performance.now();
    const response = await fetch(
      `${baseUrl}/api/app/v1/stations/?lat=${point.lat.toFixed(5)}&lon=${point.lon.toFixed(5)}&radius=${radius}`,
      { headers: { authorization: driver, 'accept-language': 'ru' } },
    );
    const text = await response.text();
    const elapsed = performance.now() - startedAt;
    if (response.status !== 200) {
      throw new Error(`GET /stations/ answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return { area: point.area, elapsed, total: (JSON.parse(text) as { total: number }).total };
  };
  for (let warm = 0; warm < 50; warm += 1) {
    await ask();
  }
  const startedAt = performance.now();
  for (let query = 0; query < QUERIES; query += 1) {
    const answer = await ask();
    times[answer.area].push(answer.elapsed);
    found += answer.total;
  }
  return { times, found, seconds: (performance.now() - startedAt) / 1000 };
};

interface TAppSessionEvent {
  charges: { id: number; running: boolean; status: string; station: { id: number } }[];
  starting: unknown[];
}

/** The session's event stream as the app holds it open: each event's session, told to whoever waits for one. */
const openSessionStream = async (baseUrl: string, driver: string) => {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/app/v1/charging/events/`, {
    headers: { authorization: driver, accept: 'text/event-stream', 'accept-language': 'ru' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`the session stream answered ${response.status}`);
  }
  const waiters = new Set<{ test: (session: TAppSessionEvent) => boolean; resolve: (at: number) => void }>();
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
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!data) {
          continue;
        }
        events += 1;
        const session = JSON.parse(data.slice(6)) as TAppSessionEvent;
        for (const waiter of waiters) {
          if (waiter.test(session)) {
            waiters.delete(waiter);
            waiter.resolve(at);
          }
        }
      }
    }
  })().catch(() => undefined);
  /** The moment (performance.now()) an event satisfying `test` arrives, or null after `timeoutMs`. */
  const waitFor = (test: (session: TAppSessionEvent) => boolean, timeoutMs: number) =>
    new Promise<number | null>((resolve) => {
      const waiter = {
        test,
        resolve: (at: number) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(null);
      }, timeoutMs);
      waiters.add(waiter);
    });
  return {
    waitFor,
    events: () => events,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

/**
 * A simulated charge point whose remote starts go straight on: RemoteStartTransaction answered Accepted, then
 * StartTransaction with the id tag it was sent, StatusNotification Charging, and a meter value every METER_SECONDS.
 */
const chargePoint = (endpoint: string, identity: string) => {
  const point = new SimulatedChargePoint({
    endpoint,
    identity,
    password: PASSWORD,
    connectors: Array.from({ length: CONNECTORS }, (_, index) => index + 1),
    heartbeatMs: 300_000,
  });
  const meters: NodeJS.Timeout[] = [];
  let failed = 0;
  point.answer<{ connectorId?: number; idTag: string }>('RemoteStartTransaction', ({ connectorId = 1, idTag }) => {
    // After the answer has gone out (its CALLRESULT is sent once this handler's promise settles).
    setImmediate(() => {
      void (async () => {
        const meterStart = 100_000;
        const started = await point.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
          connectorId,
          idTag,
          meterStart,
          timestamp: new Date().toISOString(),
        });
        if (started.idTagInfo.status !== 'Accepted') {
          failed += 1;
          return;
        }
        await point.status(connectorId, 'Charging');
        let meterWh = meterStart;
        const timer = setInterval(() => {
          meterWh += Math.round((22_000 * METER_SECONDS) / 3_600);
          void point
            .call('MeterValues', {
              connectorId,
              transactionId: started.transactionId,
              meterValue: [
                {
                  timestamp: new Date().toISOString(),
                  sampledValue: [
                    { value: String(meterWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                    { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
                  ],
                },
              ],
            })
            .catch(() => undefined);
        }, METER_SECONDS * 1000);
        timer.unref();
        meters.push(timer);
      })().catch(() => {
        failed += 1;
      });
    });
    return { status: 'Accepted' };
  });
  return {
    point,
    failed: () => failed,
    close: async () => {
      for (const timer of meters) {
        clearInterval(timer);
      }
      await point.close().catch(() => undefined);
    },
  };
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-app-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const endpoint = `ws://127.0.0.1:${port}/ocpp`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  const points: ReturnType<typeof chargePoint>[] = [];
  const streams: Awaited<ReturnType<typeof openSessionStream>>[] = [];
  process.env.STATION_SECRET_KEY = STATION_KEY;
  process.env.OCPP_HEARTBEAT_INTERVAL = '300';
  // 500 drivers ask for their codes from this one address: the per-client limit (20 an hour) is a production guard.
  process.env.OTP_LIMIT_PER_CLIENT = String(DRIVERS * 4 + 100);
  try {
    console.log(
      `database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (created fresh); ${STATIONS} stations near a point, ` +
        `${QUERIES} queries; ${DRIVERS} drivers starting over ${START_SECONDS} s at ${POINTS} charge points of ` +
        `${CONNECTORS} connectors; load average ${load()}`,
    );
    await createFreshDatabase(DATABASE_URL);
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    await client.connect();
    const dashboard = await signIn(baseUrl);

    // a. Stations near a point.
    const insertedAt = performance.now();
    const visible = await insertCatalogue(client, STATIONS);
    console.log(
      `inserted ${STATIONS} stations (${visible} active) with ${STATIONS * 2} connectors in ${Math.round(performance.now() - insertedAt)} ms`,
    );
    const searcher = await signInDriver(baseUrl, dashboard, '996779000000');
    const nearby = await measureNearby(baseUrl, searcher);
    const all = sorted([...nearby.times.bishkek, ...nearby.times.country]);
    const bishkek = sorted(nearby.times.bishkek);
    const country = sorted(nearby.times.country);
    console.log(
      `     in Bishkek: ${nearby.times.bishkek.length} queries, p95 ${ms(pct(bishkek, 0.95))} (${spread(bishkek)}); ` +
        `over the country: ${nearby.times.country.length} queries, p95 ${ms(pct(country, 0.95))} (${spread(country)}); ` +
        `${Math.round(nearby.found / QUERIES)} stations within the radius on average, the first 20 answered`,
    );
    report(
      `GET /api/app/v1/stations/?lat&lon&radius at random points, one connection, ${QUERIES} queries in ${nearby.seconds.toFixed(1)} s, p95 (${spread(all)}; load average ${load()})`,
      ms(pct(all, 0.95)),
      `< ${NEAR_TARGET_MS} ms`,
      pct(all, 0.95) < NEAR_TARGET_MS,
    );

    // b. Start to charging: the charge points connected, booted, their connectors Available.
    const connectors = await insertChargingNetwork(client, {
      points: POINTS,
      connectors: CONNECTORS,
      stationKey: STATION_KEY,
      password: PASSWORD,
    });
    const connectedAt = performance.now();
    await inLanes(POINTS, 50, async (index) => {
      const point = chargePoint(endpoint, `APPB-${index + 1}`);
      points.push(point);
      await point.point.connect();
      await point.point.boot();
    });
    console.log(`${POINTS} charge points connected and booted in ${Math.round(performance.now() - connectedAt)} ms`);
    const targets = [...connectors.values()].flat();

    // The drivers signed in as the app does it, topped up by an operator, their session streams open.
    const signedAt = performance.now();
    const drivers: { authorization: string; connectorId: number; stationId: number }[] = [];
    const stationOf = new Map(
      (
        await client.query<{ id: number; station_id: number }>(
          `select c.id, c.station_id from station_connectors c join stations s on s.id = c.station_id where s.identity like 'APPB-%'`,
        )
      ).rows.map((row) => [row.id, row.station_id]),
    );
    await inLanes(DRIVERS, SETUP_LANES, async (index) => {
      const authorization = await signInDriver(baseUrl, dashboard, `99677${String(index + 1).padStart(7, '0')}`);
      const me = (await (await fetch(`${baseUrl}/api/app/v1/me/`, { headers: { authorization } })).json()) as {
        id: number;
      };
      const topUp = await fetch(`${baseUrl}/api/v1/users/${me.id}/balance/`, {
        method: 'PATCH',
        headers: { authorization: dashboard, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '1000.00', method: 'cash', comment: 'bench:app' }),
      });
      if (topUp.status !== 200) {
        throw new Error(`top-up answered ${topUp.status}: ${await topUp.text()}`);
      }
      const connectorId = targets[index]!;
      drivers[index] = { authorization, connectorId, stationId: stationOf.get(connectorId)! };
    });
    console.log(
      `${DRIVERS} drivers signed in through the API and topped up in ${Math.round(performance.now() - signedAt)} ms`,
    );
    for (const driver of drivers) {
      const stream = await openSessionStream(baseUrl, driver.authorization);
      streams.push(stream);
    }
    // Every stream has told its first, empty session.
    for (let waited = 0; streams.some((stream) => stream.events() === 0) && waited < 30_000; waited += 50) {
      await sleep(50);
    }
    console.log(`${streams.length} session streams open; load average ${load()}`);

    // The starts, spread over START_SECONDS.
    const accepted: number[] = [];
    const charging: number[] = [];
    const refused = new Map<string, number>();
    let unseen = 0;
    const beganAt = performance.now();
    const gap = (START_SECONDS * 1000) / DRIVERS;
    await Promise.all(
      drivers.map(async (driver, index) => {
        await sleep(index * gap + Math.random() * gap);
        const stream = streams[index]!;
        const startedAt = performance.now();
        const seen = stream.waitFor(
          (session) => session.charges.some((charge) => charge.running && charge.station.id === driver.stationId),
          30_000,
        );
        const response = await fetch(`${baseUrl}/api/app/v1/charging/start/`, {
          method: 'POST',
          headers: {
            authorization: driver.authorization,
            'content-type': 'application/json',
            'accept-language': 'ru',
            'x-app-platform': 'android',
            'x-app-version': '2.4.0',
          },
          body: JSON.stringify({ connector_id: driver.connectorId }),
        });
        const answeredAt = performance.now();
        const body = await response.text();
        if (response.status !== 202) {
          const reason = `${response.status} ${body.slice(0, 120)}`;
          refused.set(reason, (refused.get(reason) ?? 0) + 1);
          return;
        }
        accepted.push(answeredAt - startedAt);
        const at = await seen;
        if (at === null) {
          unseen += 1;
        } else {
          charging.push(at - startedAt);
        }
      }),
    );
    const spanSeconds = (performance.now() - beganAt) / 1000;
    for (const [reason, times] of refused) {
      console.log(`     refused ${times} times: ${reason}`);
    }
    const pointFailures = points.reduce((sum, point) => sum + point.failed(), 0);
    report(
      `drivers whose start was answered 202 and whose stream then showed the charge running (${START_SECONDS} s of starts done in ${spanSeconds.toFixed(1)} s; ${unseen} not seen within 30 s; ${pointFailures} StartTransactions failed)`,
      `${charging.length} of ${DRIVERS}`,
      'all',
      charging.length === DRIVERS,
    );
    const answers = sorted(accepted);
    console.log(
      `     POST /charging/start/ → 202 (the charge point's Accepted included): p95 ${ms(pct(answers, 0.95))} (${spread(answers)}), no target`,
    );
    const delays = sorted(charging);
    report(
      `POST /charging/start/ sent → the session stream's event with the charge running, p95 (${spread(delays)}; server RSS ${rssMb(server.pid ?? 0)} MB; load average ${load()})`,
      ms(pct(delays, 0.95)),
      `< ${CHARGING_TARGET_MS} ms`,
      delays.length > 0 && pct(delays, 0.95) < CHARGING_TARGET_MS,
    );
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
    await Promise.all(points.map((point) => point.close()));
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
