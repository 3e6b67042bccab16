/**
 * What the live board reads (docs/product/live.md): every active station's state as one statement over the stations,
 * their charge points and their connectors' last status; the charges running now as the charges list has them (the
 * same rows, consumption and cost so far: modules/charges' own row and price), with their connectors' live power.
 */
import {
  LIVE_CHARGES_LIMIT,
  RUNNING_CHARGE_STATUSES,
  type TLanguage,
  type TLiveCharge,
  type TLiveCounts,
  type TLiveDelta,
  type TLiveSnapshot,
  type TLiveStationState,
} from '@zaryad/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { charges, selectChargeRows, toCharges } from '../charges';
import { merchants } from '../merchants';
import { chargePointConnectors, chargePoints, MISSED_HEARTBEATS } from '../ocpp';
import { listChanges, listVersions } from '../../platform/list-versions.tables';
import { stations } from '../stations';
import { liveIncidents, type LiveIncidentsReader } from './live.incidents';

/** OCPP connector statuses that make a station faulted, and those that make it charging (docs/product/live.md). */
export const FAULTED_STATUSES = ['Faulted', 'Unavailable'] as const;
export const CHARGING_STATUSES = ['Charging', 'SuspendedEV', 'SuspendedEVSE'] as const;

const nameColumn = (language: TLanguage) =>
  language === 'en' ? stations.nameEn : language === 'ky' ? stations.nameKy : stations.nameRu;

/** A station's fixed part on the board: its id, name in the language, merchant and place. */
const placeColumns = (language: TLanguage) => ({
  id: stations.id,
  name: nameColumn(language),
  merchantId: stations.merchantId,
  latitude: sql<number>`${stations.latitude}::float8`.mapWith(Number),
  longitude: sql<number>`${stations.longitude}::float8`.mapWith(Number),
});

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The state of each active station (of `ids`, or all): offline > faulted > charging > available. Online is modules/ocpp's
 * rule (isOnline): connected, and heard within MISSED_HEARTBEATS heartbeat intervals of `now`. One statement: the
 * connectors' flags are aggregated once per station and hash-joined; for a few stations each table is read by its
 * primary key. `withChargePoint` reads only the stations that have one (a station without is offline).
 */
const stationStates = (
  db: Database,
  language: TLanguage,
  now: Date,
  options: { ids?: number[]; withChargePoint?: boolean } = {},
) => {
  const { ids } = options;
  const flags = db
    .select({
      stationId: chargePointConnectors.stationId,
      faulted: sql<boolean>`bool_or(${chargePointConnectors.status} in (${statusList(FAULTED_STATUSES)}))`.as(
        'faulted',
      ),
      charging: sql<boolean>`bool_or(${chargePointConnectors.status} in (${statusList(CHARGING_STATUSES)}))`.as(
        'charging',
      ),
    })
    .from(chargePointConnectors)
    .where(ids ? inArray(chargePointConnectors.stationId, ids) : undefined)
    .groupBy(chargePointConnectors.stationId)
    .as('flags');
  const at = now.toISOString();
  const state = sql<TLiveStationState>`case
    when ${chargePoints.connectedAt} is null or ${chargePoints.lastSeenAt} is null
      or ${chargePoints.lastSeenAt} <= ${at}::timestamptz - ${MISSED_HEARTBEATS} * ${chargePoints.heartbeatIntervalS} * interval '1 second'
      then 'offline'
    when ${flags.faulted} then 'faulted'
    when ${flags.charging} then 'charging'
    else 'available' end`;
  const base = db
    .select({
      ...placeColumns(language),
      state,
    })
    .from(stations);
  return (
    options.withChargePoint
      ? base.innerJoin(chargePoints, eq(chargePoints.stationId, stations.id))
      : base.leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
  )
    .leftJoin(flags, eq(flags.stationId, stations.id))
    .where(and(eq(stations.status, 0), ids ? inArray(stations.id, ids) : undefined))
    .orderBy(stations.id);
};

/** The states of a few stations (a delta's), by id. */
const readStations = (db: Database, language: TLanguage, now: Date, ids: number[]) =>
  stationStates(db, language, now, { ids });

/** The stations table's list version (platform/list-versions.ts): it changes with every statement that writes it. */
const stationsVersion = async (db: Database) => {
  const result = await db.execute(sql`
    select (${listVersions.version} + (select count(*) from ${listChanges} where ${listChanges.name} = 'stations'))::text
      as version
    from ${listVersions} where ${listVersions.name} = 'stations'`);
  const [row] = (result as unknown as { rows: { version: string | null }[] }).rows;
  return row?.version ?? null;
};

/** Every active station's fixed part, `[id,"name",merchant_id,latitude,longitude,"`, written once per version. */
interface BoardStations {
  version: string | null;
  ids: Int32Array;
  heads: string[];
  /** The layout for the last set of stations with a charge point (boardLayout), kept while that set stays. */
  layout?: BoardLayout;
}

/**
 * Where the stations with a charge point sit among all of them, and the runs of tuples between them written out: the
 * stations without a charge point are offline by the rule, so each run between two stations with one is the same JSON
 * from one snapshot to the next.
 */
interface BoardLayout {
  /** The ids of the stations with a charge point, in order, joined: what the layout was made for. */
  key: string;
  /** Each such station's index among all of them. */
  positions: number[];
  /** The runs of offline tuples before, between and after them (n + 1 of them), each comma-joined; '' when empty. */
  runs: string[];
}

const offlineTuple = (head: string) => `${head}offline"]`;

/** The layout of `board` for these stations with a charge point (ids ordered, each one of the board's). */
const boardLayout = (board: BoardStations, ids: number[], key: string): BoardLayout => {
  const positions = new Array<number>(ids.length);
  const runs = new Array<string>(ids.length + 1);
  let at = 0;
  ids.forEach((id, index) => {
    let position = at;
    while (position < board.ids.length && board.ids[position] !== id) {
      position += 1;
    }
    positions[index] = position;
    runs[index] = board.heads.slice(at, position).map(offlineTuple).join(',');
    at = position + 1;
  });
  runs[ids.length] = board.heads.slice(at).map(offlineTuple).join(',');
  return { key, positions, runs };
};

/**
 * The board's stations and counters at 141,000 stations in a fraction of the time a read of every station's state took
 * (4 s): a station's id, name, merchant and place change seldom and are kept per language as the JSON text of its
 * tuple's head, read again when the stations table's list version moves (any insert, update or delete of a station);
 * what changes every second, the state, is read only for the stations that have a charge point (the others are
 * offline by the rule), and the answer is their tuples between the kept runs of the others' (BoardLayout): a few
 * thousand strings joined instead of 141,000 written.
 */
const createBoardReader = (db: Database) => {
  const kept = new Map<TLanguage, Promise<BoardStations>>();
  const load = async (language: TLanguage, version: string | null): Promise<BoardStations> => {
    const rows = await db
      .select({
        ...placeColumns(language),
      })
      .from(stations)
      .where(eq(stations.status, 0))
      .orderBy(stations.id);
    const ids = new Int32Array(rows.length);
    const heads = new Array<string>(rows.length);
    rows.forEach((row, index) => {
      ids[index] = row.id;
      heads[index] =
        `${JSON.stringify([row.id, row.name, row.merchantId, row.latitude, row.longitude]).slice(0, -1)},"`;
    });
    return { version, ids, heads };
  };
  const fixed = async (language: TLanguage) => {
    const version = await stationsVersion(db);
    const current = kept.get(language);
    if (current && version !== null && (await current.catch(() => null))?.version === version) {
      return current;
    }
    const next = load(language, version);
    kept.set(language, next);
    next.catch(() => kept.delete(language));
    return next;
  };
  return async (language: TLanguage, now: Date) => {
    const [board, states] = await Promise.all([
      fixed(language),
      stationStates(db, language, now, { withChargePoint: true }),
    ]);
    // A station made or archived between the two reads is not among the kept heads until the next version: left out.
    const known = new Set(board.ids);
    const present = states.filter((row) => known.has(row.id));
    const key = present.map((row) => row.id).join(',');
    if (board.layout?.key !== key) {
      board.layout = boardLayout(
        board,
        present.map((row) => row.id),
        key,
      );
    }
    const { positions, runs } = board.layout;
    const counts: TLiveCounts = { charging: 0, available: 0, offline: board.heads.length - present.length, faulted: 0 };
    const parts: string[] = [];
    present.forEach((row, index) => {
      counts[row.state] += 1;
      if (runs[index] !== '') {
        parts.push(runs[index] ?? '');
      }
      parts.push(`${board.heads[positions[index] ?? 0]}${row.state}"]`);
    });
    if (runs[present.length] !== '') {
      parts.push(runs[present.length] ?? '');
    }
    return { counts, stationsJson: `[${parts.join(',')}]` };
  };
};

const RUNNING = inArray(charges.status, [...RUNNING_CHARGE_STATUSES]);

/** Running charges (newest first) as the board shows them: the charges list's row, plus the connector's live power. */
const readCharges = async (db: Database, language: TLanguage, stationIds?: number[], limit?: number) => {
  const query = selectChargeRows(db, language)
    .where(and(RUNNING, stationIds ? inArray(charges.stationId, stationIds) : undefined))
    .orderBy(desc(charges.startedAt), desc(charges.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  if (rows.length === 0) {
    return [];
  }
  const powers = await db
    .select({
      stationId: chargePointConnectors.stationId,
      connectorId: chargePointConnectors.connectorId,
      powerW: chargePointConnectors.powerW,
    })
    .from(chargePointConnectors)
    .where(inArray(chargePointConnectors.stationId, [...new Set(rows.map((row) => row.charge.stationId))]));
  const power = new Map(powers.map((row) => [`${row.stationId}:${row.connectorId}`, row.powerW]));
  return (await toCharges(db, rows)).map((charge): TLiveCharge => {
    return {
      id: charge.id,
      station: { id: charge.station.id, name: charge.station.name },
      connector: charge.connector,
      user: charge.user,
      started_at: charge.started_at,
      consumption_kwh: charge.consumption_kwh,
      power_w: power.get(`${charge.station.id}:${charge.connector.ocpp_16_id}`) ?? null,
      // Running rows always carry their cost so far (toCharges: the engine's runningPrices).
      cost: charge.running_cost ?? {
        amount: '0.00',
        discount: '0.00',
        total_cost: '0.00',
        meter_at: charge.started_at,
      },
    };
  });
};

export const createLiveService = (db: Database, incidents: LiveIncidentsReader = liveIncidents(db)) => {
  const readBoard = createBoardReader(db);
  const service = {
    /**
     * GET /live/ as JSON text: counters, every active station with its state (createBoardReader), the newest
     * running charges, the open incidents. The route sends the text as it is (ZLiveSnapshot documents it).
     */
    async snapshotJson(language: TLanguage, now = new Date()): Promise<string> {
      const [board, merchantRows, running, [total], open] = await Promise.all([
        readBoard(language, now),
        db
          .select({ id: merchants.id, name: merchants.name })
          .from(merchants)
          .where(
            sql`exists (select 1 from ${stations} where ${stations.merchantId} = ${merchants.id} and ${stations.status} = 0)`,
          )
          .orderBy(merchants.id),
        readCharges(db, language, undefined, LIVE_CHARGES_LIMIT),
        db.select({ value: count() }).from(charges).where(RUNNING),
        incidents.open(language),
      ]);
      const rest = {
        charges: running,
        charges_total: Number(total?.value ?? 0),
        incidents: open.items,
        incidents_total: open.total,
      } satisfies Omit<TLiveSnapshot, 'at' | 'counts' | 'merchants' | 'stations'>;
      const head = { at: now.toISOString(), counts: board.counts, merchants: merchantRows } satisfies Pick<
        TLiveSnapshot,
        'at' | 'counts' | 'merchants'
      >;
      // {"at", "counts", "merchants", "stations": <PostgreSQL's array>, "charges", ...}: the keys in the contract's order.
      return `${JSON.stringify(head).slice(0, -1)},"stations":${board.stationsJson},${JSON.stringify(rest).slice(1)}`;
    },

    /** The snapshot as an object (tests, and whoever wants it parsed). */
    async snapshot(language: TLanguage, now = new Date()): Promise<TLiveSnapshot> {
      return JSON.parse(await service.snapshotJson(language, now)) as TLiveSnapshot;
    },

    /** What changed at these stations and incidents: each active station's state and running charges now. */
    async delta(
      stationIds: number[],
      incidentIds: number[],
      language: TLanguage,
      now = new Date(),
    ): Promise<TLiveDelta> {
      const [rows, running, changed] = await Promise.all([
        stationIds.length > 0 ? readStations(db, language, now, stationIds) : Promise.resolve([]),
        stationIds.length > 0 ? readCharges(db, language, stationIds) : Promise.resolve([]),
        incidentIds.length > 0 ? incidents.byIds(incidentIds, language) : Promise.resolve([]),
      ]);
      const byStation = new Map<number, TLiveCharge[]>();
      for (const charge of running) {
        byStation.set(charge.station.id, [...(byStation.get(charge.station.id) ?? []), charge]);
      }
      return {
        at: now.toISOString(),
        stations: rows.map((row) => ({ id: row.id, state: row.state, charges: byStation.get(row.id) ?? [] })),
        incidents: changed,
      };
    },
  };
  return service;
};

export type LiveService = ReturnType<typeof createLiveService>;
