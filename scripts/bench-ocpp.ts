// npm run bench:ocpp: simulated OCPP 1.6J charge points against one server process on PostgreSQL (issue 17, part 7).
// Creates DATABASE_URL's database afresh (default zaryad_bench_ocpp on 127.0.0.1), starts the server as `npm start`
// does, inserts the stations and drivers, then measures against the targets:
//   - all charge points connected (and booted) in < 60 s;
//   - heartbeat round trip p99 < 50 ms with all of them connected;
//   - concurrent sessions with meter values every 10 s and no message lost (every call answered, every charge booked
//     with its last meter value);
//   - the server's memory with all of them connected (reported);
//   - all of them reconnected after a server restart in < 60 s.
// Scale by environment: OCPP_BENCH_STATIONS (5000), OCPP_BENCH_SESSIONS (500), OCPP_BENCH_METER_SECONDS (10),
// OCPP_BENCH_SESSION_SECONDS (60: how long the sessions run). Run it on a quiet machine; a small run proves it works.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationSecrets, SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import pg from 'pg';
import { createReport, freePort, rssMb, sleep, startServer } from './bench-harness';
import { createFreshDatabase } from './bench-network.data';

const STATIONS = Number(process.env.OCPP_BENCH_STATIONS ?? 5000);
const SESSIONS = Math.min(STATIONS, Number(process.env.OCPP_BENCH_SESSIONS ?? 500));
const METER_SECONDS = Number(process.env.OCPP_BENCH_METER_SECONDS ?? 10);
const SESSION_SECONDS = Number(process.env.OCPP_BENCH_SESSION_SECONDS ?? 60);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_ocpp';
const STATION_KEY = 'bench-ocpp-station-secret-key-0123456789';
const PASSWORD = 'BenchStationPass0001';
/** Charge points opening their connection at once: a real network does not all connect in the same millisecond. */
const CONNECT_BATCH = 250;

const { report, missed } = createReport();
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** One merchant, the stations (one connector each at 20 som/kWh) and a driver with 10,000 som per session. */
const insertData = async (client: pg.Client) => {
  const sealed = createStationSecrets(STATION_KEY).encrypt(PASSWORD);
  const [city] = (
    await client.query<{ id: number; country_id: number }>('select id, country_id from settlements limit 1')
  ).rows;
  const [type] = (await client.query<{ key: string }>('select key from connector_types order by sort_order limit 1'))
    .rows;
  if (!city || !type) {
    throw new Error('locations or connector types are missing: start the server on the database first');
  }
  await client.query('BEGIN');
  const merchant = await client.query<{ id: number }>(
    `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
     values ('OCPP bench', 'OCPP-1', 'ОсОО «Бенч»', $1, $2, '', 'ул. Тестовая, 1', '996555000001', 'ocpp@bench.kg', '[]'::jsonb, 10, 0)
     returning id`,
    [city.country_id, city.id],
  );
  await client.query(
    `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                           latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
     select $1, 'OCPPB-' || g, $2, 'Азамат Усенов', 'Станция ' || g, 'Station ' || g, 'Бекет ' || g,
            'ул. Киевская, ' || g, g || ' Kiev St', 'Киев көч., ' || g, 42.87, 74.59, '[]'::jsonb, 'ABB', 'wall', 0, $3, $4
     from generate_series(1, $5::int) g`,
    [merchant.rows[0]?.id, sealed, city.country_id, city.id, STATIONS],
  );
  await client.query(
    `insert into evse_modules (station_id, evse_id) select id, 1 from stations where identity like 'OCPPB-%'`,
  );
  await client.query(
    `insert into station_connectors (station_id, evse_module_id, evse_id, connector_id, ocpp_16_id, typo, position, power_kwh, custom_fee)
     select m.station_id, m.id, 1, 1, 1, $1, 1, 22, 20.00 from evse_modules m
     join stations s on s.id = m.station_id where s.identity like 'OCPPB-%'`,
    [type.key],
  );
  await client.query(
    `insert into app_users (personal_account, name, phone, email, gender, birthday, registered_at, car_make, car_model,
                            car_year, car_color, driver_licence, status, referral_code)
     select 'OB' || g, 'Водитель ' || g, '99670' || lpad(g::text, 7, '0'), 'driver' || g || '@bench.kg', 'male', '1990-01-01',
            now(), 'BYD', 'Song', 2023, 'белый', 'AA' || lpad(g::text, 7, '0'), 0, 'OBR' || g
     from generate_series(1, $1::int) g`,
    [SESSIONS],
  );
  await client.query(
    `insert into user_id_tags (user_id, id_tag, kind) select id, 'BTAG' || substr(personal_account, 3), 'rfid' from app_users
     where personal_account like 'OB%'`,
  );
  await client.query(
    `insert into balance_entries (user_id, basis, method, credit, debit)
     select id, 'top_up', 'cash', 1000000, 0 from app_users where personal_account like 'OB%' order by id`,
  );
  await client.query('COMMIT');
};

const connectAll = async (points: SimulatedChargePoint[]) => {
  for (let start = 0; start < points.length; start += CONNECT_BATCH) {
    await Promise.all(
      points.slice(start, start + CONNECT_BATCH).map(async (point) => {
        await point.connect();
        await point.boot();
      }),
    );
  }
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

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-ocpp-'));
  const port = await freePort();
  const endpoint = `ws://127.0.0.1:${port}/ocpp`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  const points: SimulatedChargePoint[] = [];
  process.env.STATION_SECRET_KEY = STATION_KEY;
  process.env.OCPP_HEARTBEAT_INTERVAL = '300';
  try {
    console.log(
      `${STATIONS} charge points, ${SESSIONS} sessions with meter values every ${METER_SECONDS} s for ${SESSION_SECONDS} s`,
    );
    await createFreshDatabase(DATABASE_URL);
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    await client.connect();
    await insertData(client);

    for (let index = 1; index <= STATIONS; index += 1) {
      points.push(
        new SimulatedChargePoint({ endpoint, identity: `OCPPB-${index}`, password: PASSWORD, reconnect: true }),
      );
    }
    const connectStartedAt = performance.now();
    await connectAll(points);
    const connectSeconds = (performance.now() - connectStartedAt) / 1000;
    report(
      `${STATIONS} charge points connected and booted`,
      `${connectSeconds.toFixed(1)} s`,
      '< 60 s',
      connectSeconds < 60,
    );

    // One heartbeat from each, spread over five seconds, all of them connected.
    await Promise.all(
      points.map(async (point) => {
        await sleep(Math.random() * 5_000);
        await point.heartbeat();
      }),
    );
    const times = points.flatMap((point) => point.heartbeatTimes).sort((a, b) => a - b);
    const p99 = percentile(times, 0.99);
    report(
      `heartbeat round trip p99 (p50 ${percentile(times, 0.5).toFixed(1)} ms) with ${STATIONS} connected`,
      `${p99.toFixed(1)} ms`,
      '< 50 ms',
      p99 < 50,
    );
    report(`server memory with ${STATIONS} connections`, `${rssMb(server.pid ?? 0)} MB RSS`, 'reported', true);

    // Sessions: each driver's tag on its own charge point, meter values every METER_SECONDS, then stopped.
    const sessionPoints = points.slice(0, SESSIONS);
    const transactions = await Promise.all(
      sessionPoints.map((point, index) =>
        point.startSession(1, `BTAG${index + 1}`, { meterEveryMs: METER_SECONDS * 1000, powerW: 22_000 }),
      ),
    );
    const started = transactions.filter((id) => id !== null).length;
    await sleep(SESSION_SECONDS * 1000);
    await Promise.all(sessionPoints.map((point) => point.stopSession(1)));
    const lost = points.reduce((sum, point) => sum + point.lost, 0);
    const sent = points.reduce((sum, point) => sum + point.sent, 0);
    const booked = (
      await client.query<{ finished: string; right: string }>(
        `select count(*)::text as finished,
                count(*) filter (where energy_wh = meter_stop_wh - meter_start_wh and energy_wh > 0)::text as right
         from charges c join stations s on s.id = c.station_id where s.identity like 'OCPPB-%' and c.status = 'finished'`,
      )
    ).rows[0];
    const allBooked =
      started === SESSIONS && Number(booked?.finished) === SESSIONS && Number(booked?.right) === SESSIONS;
    report(
      `${SESSIONS} concurrent sessions with meter values every ${METER_SECONDS} s: started, booked with their meter`,
      `${started} started, ${booked?.finished} booked, ${lost} of ${sent} calls unanswered`,
      `${SESSIONS} and 0 lost`,
      allBooked && lost === 0,
    );

    // A restart: every charge point reconnects by itself and boots again.
    const restartedAt = performance.now();
    const restartedWhen = new Date();
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    let connected = 0;
    while (performance.now() - restartedAt < 120_000) {
      connected = await connectedCount(client, restartedWhen);
      if (connected >= STATIONS) {
        break;
      }
      await sleep(500);
    }
    const reconnectSeconds = (performance.now() - restartedAt) / 1000;
    report(
      `${connected} of ${STATIONS} reconnected after a server restart`,
      `${reconnectSeconds.toFixed(1)} s`,
      '< 60 s',
      connected >= STATIONS && reconnectSeconds < 60,
    );
  } finally {
    await Promise.all(points.map((point) => point.close().catch(() => undefined)));
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed().length > 0) {
    process.exitCode = 1;
  }
};

await main();
