/**
 * The charge points' status history (issue 35; ocpp.history.tables.ts): written by the statements the OCPP calls
 * already make, so that the hot path gains no round trip: a StatusNotification's connector upsert writes the change
 * with it, a websocket's open and close their row with the charge point's record, a BootNotification its row with the
 * charge point's, the second's last-seen update the return of a charge point that had gone silent. The moment a silent
 * charge point became offline is written by a scheduled job (once across processes) or by its return, whichever is
 * first.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ScheduledJob } from '../../platform/scheduler';
import { sqlArray } from '../../platform/sql-arrays';
import { MISSED_HEARTBEATS } from './ocpp.service';

/** The kinds of history row (docs/product/uptime.md). */
export const HISTORY_KINDS = ['status', 'connected', 'disconnected', 'offline', 'boot'] as const;
export type THistoryKind = (typeof HISTORY_KINDS)[number];

/** The advisory lock of the offline job (scheduler.ts): distinct from the other jobs' keys. */
const OFFLINE_LOCK_KEY = 720_350_001;

/**
 * Selected by each of these statements: its commit does not wait for the write-ahead log's flush (synchronous_commit
 * off for its own transaction only), as the meter values' (ocpp.meter-values.ts). What they write is the state a charge
 * point tells again (its status, its connection, its boot, when it was last heard) and its history: a crash of the
 * database loses at most its last fraction of a second of these (the database stays consistent; never a charge or any
 * money, whose commits wait), where waiting for each flush queued every OCPP write behind the shared disk
 * (docs/benchmarks.md, section 7).
 */
export const SAMPLE_COMMIT = sql`set_config('synchronous_commit', 'off', true)`;

/*
 * Lock order. These statements each write many charge points' rows (and their connectors'), several of them at once
 * from different queues on different connections: a boot batch, a connection batch, the second's last-seen update.
 * Each takes its rows in one order, by station and then connector (an upsert inserts `order by` it; an update first
 * locks its rows in a `for update` select so ordered, and updates only those), or two statements each holding a row
 * the other wants next deadlock and PostgreSQL fails one: seen at 200 boots a second with 10,000 charge points
 * (docs/benchmarks.md, section 7; ocpp.history.pg.test.ts).
 */

/** A batch's rows as a `jsonb` parameter (`input` below): text of any content passes without quoting by hand. */
const jsonRows = (rows: object[]) => JSON.stringify(rows);

/**
 * The connectors whose charge a StopTransaction ended (many in one statement: ocpp.station-queue.ts): their power
 * cleared, a sample as their status is. Answers nothing.
 */
export const clearConnectorPowerMany = async (
  db: Database,
  connectors: { stationId: number; connectorId: number }[],
): Promise<Map<number, true>> => {
  const rows = connectors.map(({ stationId, connectorId }) => ({ station_id: stationId, connector_id: connectorId }));
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as t(station_id int, connector_id int)
    ),
    locked as (
      select k.station_id, k.connector_id from charge_point_connectors k
      join input i on k.station_id = i.station_id and k.connector_id = i.connector_id
      order by k.station_id, k.connector_id for update of k
    ),
    cleared as (
      update charge_point_connectors k set power_w = null
      from locked l where k.station_id = l.station_id and k.connector_id = l.connector_id
    )
    select ${SAMPLE_COMMIT}
  `);
  return new Map();
};

/** A StatusNotification's connector status, as recordConnectorStatusMany writes it. */
export interface ConnectorStatusRecord {
  stationId: number;
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  vendorErrorCode: string | null;
  at: Date;
}

/**
 * StatusNotifications (many in one statement, a station at most once: ocpp.station-queue.ts): each connector's last
 * status upserted and, when its status or error code differs from the one before (or it is the connector's first), a
 * history row. Answers, by station, whether its connector's status changed.
 */
export const recordConnectorStatusMany = async (db: Database, records: ConnectorStatusRecord[]) => {
  const rows = records.map((record, ord) => ({
    station_id: record.stationId,
    connector_id: record.connectorId,
    status: record.status,
    error_code: record.errorCode,
    info: record.info,
    vendor_error_code: record.vendorErrorCode,
    at: record.at.toISOString(),
    ord,
  }));
  // The statement's snapshot sees each connector's row as it was before this statement's upsert (`previous`).
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as t(station_id int, connector_id smallint,
        status varchar, error_code varchar, info varchar, vendor_error_code varchar, at timestamptz, ord int)
    ),
    previous as (
      select k.station_id, k.connector_id, k.status, k.error_code from charge_point_connectors k
      join input i on k.station_id = i.station_id and k.connector_id = i.connector_id
    ),
    upserted as (
      insert into charge_point_connectors
        (station_id, connector_id, status, error_code, info, vendor_error_code, reported_at, power_w)
      select station_id, connector_id, status, error_code, info, vendor_error_code, at, null from input
      order by station_id, connector_id
      on conflict (station_id, connector_id) do update set
        status = excluded.status, error_code = excluded.error_code, info = excluded.info,
        vendor_error_code = excluded.vendor_error_code, reported_at = excluded.reported_at,
        power_w = case when excluded.status <> 'Charging' then null else charge_point_connectors.power_w end
      returning 1
    ),
    logged as (
      insert into charge_point_status_history
        (station_id, connector_id, kind, status, error_code, info, vendor_error_code, at)
      select i.station_id, i.connector_id, 'status', i.status, i.error_code, i.info, i.vendor_error_code, i.at
      from input i
      where not exists (
        select 1 from previous p
        where p.station_id = i.station_id and p.connector_id = i.connector_id
          and p.status = i.status and p.error_code = i.error_code
      )
      order by i.ord
      returning station_id
    )
    select i.station_id as "stationId", exists (select 1 from logged l where l.station_id = i.station_id) as changed,
      ${SAMPLE_COMMIT}
    from input i
  `)) as unknown as { rows: { stationId: number; changed: boolean }[] };
  return new Map(result.rows.map((row) => [Number(row.stationId), Boolean(row.changed)]));
};

/** An accepted BootNotification, as recordBootMany writes it. */
export interface BootRecord {
  stationId: number;
  vendor: string | null;
  model: string | null;
  serialNumber: string | null;
  firmwareVersion: string | null;
  heartbeatIntervalS: number;
  at: Date;
}

/**
 * Accepted BootNotifications (many in one statement, a station at most once): each charge point's record and its
 * 'boot' row.
 */
export const recordBootMany = async (db: Database, records: BootRecord[]) => {
  const rows = records.map((record, ord) => ({
    station_id: record.stationId,
    vendor: record.vendor,
    model: record.model,
    serial_number: record.serialNumber,
    firmware_version: record.firmwareVersion,
    heartbeat_interval_s: record.heartbeatIntervalS,
    at: record.at.toISOString(),
    ord,
  }));
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as t(station_id int, vendor varchar, model varchar,
        serial_number varchar, firmware_version varchar, heartbeat_interval_s int, at timestamptz, ord int)
    ),
    booted as (
      insert into charge_points (station_id, vendor, model, serial_number, firmware_version, heartbeat_interval_s,
        booted_at, last_seen_at, last_heartbeat_at)
      select station_id, vendor, model, serial_number, firmware_version, heartbeat_interval_s, at, at, at from input
      order by station_id
      on conflict (station_id) do update set
        vendor = excluded.vendor, model = excluded.model, serial_number = excluded.serial_number,
        firmware_version = excluded.firmware_version, heartbeat_interval_s = excluded.heartbeat_interval_s,
        booted_at = excluded.booted_at, last_seen_at = excluded.last_seen_at,
        last_heartbeat_at = excluded.last_heartbeat_at
      returning station_id, booted_at
    ),
    logged as (
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, 'boot', booted_at from booted
    )
    select ${SAMPLE_COMMIT}
  `);
  return new Map<number, true>();
};

/** The server's own command (no account: the status asked after a boot, the local list's), as the log keeps it. */
export interface ServerCommandRecord {
  stationId: number;
  action: string;
  request: unknown;
  status: string;
  response: unknown;
  createdAt: Date;
  durationMs: number;
}

/**
 * The server's own commands' log entries (many in one statement, a station at most once), committed as the charge
 * points' state is: 10,000 of them follow the boots after a restart. A person's command is written on its own and
 * waits for the log's flush (ocpp.central-system.ts).
 */
export const recordServerCommandsMany = async (db: Database, records: ServerCommandRecord[]) => {
  const rows = records.map((record, ord) => ({
    station_id: record.stationId,
    action: record.action,
    request: record.request,
    status: record.status,
    response: record.response ?? null,
    created_at: record.createdAt.toISOString(),
    duration_ms: record.durationMs,
    ord,
  }));
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as t(station_id int, action varchar, request jsonb,
        status varchar, response jsonb, created_at timestamptz, duration_ms int, ord int)
    ),
    logged as (
      insert into charge_point_commands (station_id, account_id, action, request, status, response, created_at,
        duration_ms)
      select station_id, null, action, request, status, response, created_at, duration_ms from input order by ord
    )
    select ${SAMPLE_COMMIT}
  `);
  return new Map<number, true>();
};

/** A websocket's open or close, by the process that held it. */
export interface ConnectionRecord {
  stationId: number;
  processId: string;
  at: Date;
}

/** The input rows of a batch of connection records (a station at most once). */
const connectionInput = (records: ConnectionRecord[]) => sql`
  select * from unnest(
    ${sqlArray(records.map((record) => record.stationId))}::int[],
    ${`{${records.map((record) => `"${record.processId}"`).join(',')}}`}::text[],
    ${`{${records.map((record) => `"${record.at.toISOString()}"`).join(',')}}`}::timestamptz[]
  ) as t(station_id, process_id, at)`;

/**
 * Websockets opened by a process (ocpp.connections.ts, many in one statement): each charge point's record marked
 * connected and its 'connected' row. Answers, by station, whether it had booted before (a reconnect without a new
 * BootNotification).
 */
export const recordConnectedMany = async (db: Database, records: ConnectionRecord[]) => {
  const result = (await db.execute(sql`
    with input as (${connectionInput(records)}),
    connected as (
      insert into charge_points (station_id, connected_at, connected_process, last_seen_at)
      select station_id, at, process_id, at from input
      order by station_id
      on conflict (station_id) do update set
        connected_at = excluded.connected_at, connected_process = excluded.connected_process,
        last_seen_at = excluded.last_seen_at
      returning station_id, booted_at, connected_at
    ),
    logged as (
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, 'connected', connected_at from connected
    )
    select station_id as "stationId", booted_at is not null as booted, ${SAMPLE_COMMIT} from connected
  `)) as unknown as { rows: { stationId: number; booted: boolean }[] };
  return new Map(result.rows.map((row) => [Number(row.stationId), Boolean(row.booted)]));
};

/**
 * Websockets of a process closed (many in one statement): each record cleared and its 'disconnected' row, unless
 * another connection (another process's) holds the charge point by now.
 */
export const recordDisconnectedMany = async (db: Database, records: ConnectionRecord[]) => {
  await db.execute(sql`
    with input as (${connectionInput(records)}),
    locked as (
      select c.station_id, i.at from charge_points c
      join input i on c.station_id = i.station_id and c.connected_process = i.process_id
      order by c.station_id for update of c
    ),
    closed as (
      update charge_points c set connected_at = null, connected_process = null
      from locked l
      where c.station_id = l.station_id
      returning c.station_id, l.at
    ),
    logged as (
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, 'disconnected', at from closed
    )
    select ${SAMPLE_COMMIT}
  `);
};

/** The 'offline' row's condition: not one since the charge point was last heard. */
const noOfflineSince = sql`not exists (
  select 1 from charge_point_status_history x
  where x.station_id = silent.station_id and x.at >= silent.last_seen_at and x.kind = 'offline'
)`;

/**
 * The charge points heard in the last second: their last-seen time written (flushSeen's statement), and their last
 * heartbeat's for those of them that sent one (`beating`), and, for one that had gone silent on its open websocket
 * (three heartbeat intervals), the moment it became offline (unless the job wrote it) and a 'connected' row now.
 */
export const recordHeard = async (db: Database, stationIds: number[], at: Date, beating: number[] = []) => {
  await db.execute(sql`
    with silent as (
      select station_id, last_seen_at, heartbeat_interval_s from charge_points
      where station_id = any(${sqlArray(stationIds)}::int[]) and connected_at is not null
        and last_seen_at < ${at}::timestamptz - interval '1 second' * (${MISSED_HEARTBEATS} * heartbeat_interval_s)
    ),
    locked as (
      select station_id from charge_points where station_id = any(${sqlArray(stationIds)}::int[])
      order by station_id for update
    ),
    seen as (
      update charge_points set last_seen_at = ${at},
        last_heartbeat_at = case when station_id = any(${sqlArray(beating)}::int[]) then ${at} else last_heartbeat_at end
      where station_id in (select station_id from locked)
      returning station_id
    ),
    went_offline as (
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, 'offline', last_seen_at + interval '1 second' * (${MISSED_HEARTBEATS} * heartbeat_interval_s)
      from silent where ${noOfflineSince}
    ),
    returned as (
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, 'connected', ${at}::timestamptz from silent
    )
    select ${SAMPLE_COMMIT}
  `);
};

/**
 * The charge points silent for three heartbeat intervals on an open websocket (offline, ocpp.service.ts isOnline)
 * without an 'offline' row since they were last heard: the row, at the moment they became offline. Answers how many.
 */
export const recordOffline = async (db: Pick<Database, 'execute'>, now: Date): Promise<number> => {
  const result = (await db.execute(sql`
    with silent as (
      select station_id, last_seen_at, heartbeat_interval_s from charge_points
      where connected_at is not null
        and last_seen_at < ${now}::timestamptz - interval '1 second' * (${MISSED_HEARTBEATS} * heartbeat_interval_s)
    )
    insert into charge_point_status_history (station_id, connector_id, kind, at)
    select station_id, 0, 'offline', last_seen_at + interval '1 second' * (${MISSED_HEARTBEATS} * heartbeat_interval_s)
    from silent where ${noOfflineSince}
    returning station_id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
};

/** The scheduled job: every 30 s, the charge points that went silent. */
export const offlineJob: ScheduledJob = {
  name: 'ocpp.offline',
  lockKey: OFFLINE_LOCK_KEY,
  everyMs: 30_000,
  run: (tx, now) => recordOffline(tx, now),
};
