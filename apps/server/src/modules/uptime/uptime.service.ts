/**
 * Uptime from the charge points' status history (issue 35, item 5; docs/product/uptime.md): each connector's state at
 * every moment is its last StatusNotification's, unless its charge point was offline (its last connection row
 * 'disconnected' or 'offline'); a row lasts until the next one. Computed in one statement over the period's rows and
 * the last row before it (window functions), split by Bishkek day, summed by month or over the period.
 */
import type { TLanguage } from '@zaryad/contracts';
import {
  UPTIME_STATES,
  uptimePercent,
  type TStationUptime,
  type TUptimeFigures,
  type TUptimeGranularity,
  type TUptimeReport,
  type TUptimeSeconds,
  type TUptimeState,
} from '@zaryad/contracts/uptime';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { bishkekDayEnd, bishkekDayStart } from '../../platform/bishkek-time';
import { merchantNotFound, merchants } from '../merchants';
import { stations } from '../stations';

/** How long after an accepted ChangeAvailability(Inoperative) an Unavailable status counts as the operator's. */
export const PLANNED_WINDOW_S = 300;

const DAY_MS = 24 * 3600 * 1000;

/** 'day': per Bishkek day; 'month': per Bishkek month; 'all': the period as one. */
type TBucket = TUptimeGranularity | 'all';

interface StateRow {
  stationId: number;
  connectorId: number;
  period: string;
  state: TUptimeState;
  seconds: number;
}

const emptySeconds = (): TUptimeSeconds =>
  Object.fromEntries(UPTIME_STATES.map((state) => [state, 0])) as TUptimeSeconds;

const addSeconds = (into: TUptimeSeconds, from: TUptimeSeconds) => {
  for (const state of UPTIME_STATES) {
    into[state] += from[state];
  }
  return into;
};

export const figures = (seconds: TUptimeSeconds): TUptimeFigures => ({ uptime_percent: uptimePercent(seconds), seconds });

/** The Bishkek days from `from` to `to`, both included. */
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
};

/** Seconds of a Bishkek day up to `now` (0 for a day to come). */
const dayLengthS = (day: string, now: Date) =>
  Math.max(0, Math.round((Math.min(bishkekDayEnd(day).getTime(), now.getTime()) - bishkekDayStart(day).getTime()) / 1000));

/** An Unavailable status that followed the operator's ChangeAvailability(Inoperative) of its connector or station. */
const planned = sql.raw(`(h.status = 'Unavailable' and exists (
  select 1 from charge_point_commands c
  where c.station_id = h.station_id and c.action = 'ChangeAvailability' and c.status = 'accepted'
    and c.request->>'type' = 'Inoperative' and c.request->>'connectorId' in ('0', h.connector_id::text)
    and c.created_at <= h.at and c.created_at > h.at - interval '${PLANNED_WINDOW_S} seconds'
))`);

/**
 * Seconds per state of each connector of these stations over the period (`from` to `to`, Bishkek days, cut at `now`),
 * per bucket. Time without a row yet is not answered here (the caller counts it as unknown).
 */
export const stateSeconds = async (
  db: Pick<Database, 'execute'>,
  stationIds: number[],
  period: { from: string; to: string; now: Date; bucket: TBucket },
): Promise<StateRow[]> => {
  if (stationIds.length === 0) {
    return [];
  }
  const start = bishkekDayStart(period.from);
  const end = new Date(Math.min(bishkekDayEnd(period.to).getTime(), period.now.getTime()));
  if (end <= start) {
    return [];
  }
  const ids = `{${stationIds.join(',')}}`;
  const bucketOf = {
    day: sql`to_char(k.day, 'YYYY-MM-DD')`,
    month: sql`to_char(k.day, 'YYYY-MM')`,
    all: sql`''`,
  }[period.bucket];
  const result = (await db.execute(sql`
    with bounds as (select ${start}::timestamptz as p_start, ${end}::timestamptz as p_end),
    ports as (
      select distinct station_id, ocpp_16_id::int as connector_id from station_connectors
      where station_id = any(${ids}::int[])
    ),
    status_rows as (
      select h.station_id, h.connector_id::int as connector_id, h.at, h.id, h.status, ${planned} as planned
      from charge_point_status_history h
      join ports p on p.station_id = h.station_id and p.connector_id = h.connector_id
      cross join bounds b
      where h.kind = 'status' and h.at >= b.p_start and h.at < b.p_end
      union all
      select p.station_id, p.connector_id, x.at, x.id, x.status, x.planned
      from ports p cross join bounds b
      cross join lateral (
        select h.at, h.id, h.status, ${planned} as planned from charge_point_status_history h
        where h.station_id = p.station_id and h.connector_id = p.connector_id and h.kind = 'status'
          and h.at < b.p_start
        order by h.at desc, h.id desc limit 1
      ) x
    ),
    link_rows as (
      select h.station_id, h.at, h.id, h.kind in ('connected', 'boot') as online
      from charge_point_status_history h cross join bounds b
      where h.station_id = any(${ids}::int[]) and h.connector_id = 0 and h.kind <> 'status'
        and h.at >= b.p_start and h.at < b.p_end
      union all
      select s.station_id, x.at, x.id, x.online
      from unnest(${ids}::int[]) as s(station_id) cross join bounds b
      cross join lateral (
        select h.at, h.id, h.kind in ('connected', 'boot') as online from charge_point_status_history h
        where h.station_id = s.station_id and h.connector_id = 0 and h.kind <> 'status' and h.at < b.p_start
        order by h.at desc, h.id desc limit 1
      ) x
    ),
    events as (
      select station_id, connector_id, at, id, status, planned, null::boolean as online from status_rows
      union all
      select p.station_id, p.connector_id, l.at, l.id, null, null, l.online
      from link_rows l join ports p on p.station_id = l.station_id
    ),
    carried as (
      select *, count(status) over w as status_group, count(online) over w as link_group
      from events window w as (partition by station_id, connector_id order by at, id)
    ),
    filled as (
      select station_id, connector_id, at, id,
        first_value(status) over (partition by station_id, connector_id, status_group order by at, id) as status,
        first_value(planned) over (partition by station_id, connector_id, status_group order by at, id) as planned,
        first_value(online) over (partition by station_id, connector_id, link_group order by at, id) as online
      from carried
    ),
    segments as (
      select station_id, connector_id,
        greatest(at, b.p_start) as s_from,
        coalesce(lead(at) over (partition by station_id, connector_id order by at, id), b.p_end) as s_to,
        case
          when online = false then 'offline'
          when status is null then 'unknown'
          when status = 'Available' then 'available'
          when status = 'Charging' then 'charging'
          when status = 'Faulted' then 'faulted'
          when status = 'Unavailable' then case when planned then 'maintenance' else 'unavailable' end
          else 'occupied'
        end as state
      from filled cross join bounds b
    ),
    buckets as (
      select d::date as day,
        greatest((d::date::timestamp - interval '6 hours') at time zone 'UTC', b.p_start) as d_from,
        least(((d::date + 1)::timestamp - interval '6 hours') at time zone 'UTC', b.p_end) as d_to
      from bounds b cross join generate_series(${period.from}::date::timestamp, ${period.to}::date::timestamp, interval '1 day') as d
    )
    select sg.station_id, sg.connector_id, ${bucketOf} as period, sg.state,
      round(sum(extract(epoch from least(sg.s_to, k.d_to) - greatest(sg.s_from, k.d_from))))::bigint as seconds
    from segments sg join buckets k on sg.s_from < k.d_to and sg.s_to > k.d_from
    where sg.s_to > sg.s_from
    group by 1, 2, 3, 4
  `)) as unknown as {
    rows: { station_id: number; connector_id: number; period: string; state: TUptimeState; seconds: string }[];
  };
  return result.rows.map((row) => ({
    stationId: Number(row.station_id),
    connectorId: Number(row.connector_id),
    period: row.period,
    state: row.state,
    seconds: Number(row.seconds),
  }));
};

/** The periods of a query: its days, or its months with their days. */
const periodsOf = (from: string, to: string, granularity: TUptimeGranularity) => {
  const periods = new Map<string, string[]>();
  for (const day of daysOf(from, to)) {
    const key = granularity === 'day' ? day : day.slice(0, 7);
    periods.set(key, [...(periods.get(key) ?? []), day]);
  }
  return periods;
};

/** A connector's or a station's seconds with the time nothing was known of filled in as unknown. */
const withUnknown = (seconds: TUptimeSeconds, lengthS: number) => {
  const known = UPTIME_STATES.reduce((sum, state) => sum + (state === 'unknown' ? 0 : seconds[state]), 0);
  seconds.unknown = Math.max(seconds.unknown, lengthS - known);
  return seconds;
};

const STATION_NAME = {
  ru: sql`coalesce(nullif(s.name_ru, ''), s.name_ru)`,
  en: sql`coalesce(nullif(s.name_en, ''), s.name_ru)`,
  ky: sql`coalesce(nullif(s.name_ky, ''), s.name_ru)`,
} as const;

export const createUptimeService = (db: Database, clock: () => Date = () => new Date()) => {
  const portsOf = async (stationIds: number[]) => {
    if (stationIds.length === 0) {
      return [];
    }
    const result = (await db.execute(sql`
      select station_id, ocpp_16_id::int as connector_id, min(typo) as typo from station_connectors
      where station_id = any(${`{${stationIds.join(',')}}`}::int[])
      group by station_id, ocpp_16_id order by station_id, ocpp_16_id
    `)) as unknown as { rows: { station_id: number; connector_id: number; typo: string }[] };
    return result.rows.map((row) => ({
      stationId: Number(row.station_id),
      connectorId: Number(row.connector_id),
      typo: row.typo,
    }));
  };

  return {
    /** A station's connectors and the station, per day or month of the period. */
    async station(
      stationId: number,
      query: { from: string; to: string; granularity: TUptimeGranularity },
      language: TLanguage,
    ): Promise<TStationUptime> {
      const now = clock();
      const found = (await db.execute(
        sql`select s.id, ${STATION_NAME[language]} as name from ${stations} s where s.id = ${stationId}`,
      )) as unknown as { rows: { id: number; name: string }[] };
      const station = found.rows[0];
      if (!station) {
        throw new ApiError(404, 'station_not_found');
      }
      const ports = await portsOf([stationId]);
      const rows = await stateSeconds(db, [stationId], { ...query, now, bucket: query.granularity });
      const periods = periodsOf(query.from, query.to, query.granularity);
      const lengths = new Map(
        [...periods].map(([key, days]) => [key, days.reduce((sum, day) => sum + dayLengthS(day, now), 0)]),
      );
      const stationPeriods = new Map([...periods.keys()].map((key) => [key, emptySeconds()]));
      const connectors = ports.map((port) => {
        const perPeriod = new Map([...periods.keys()].map((key) => [key, emptySeconds()]));
        for (const row of rows) {
          if (row.connectorId === port.connectorId) {
            const seconds = perPeriod.get(row.period);
            if (seconds) {
              seconds[row.state] += row.seconds;
            }
          }
        }
        const total = emptySeconds();
        const list = [...perPeriod].map(([period, seconds]) => {
          withUnknown(seconds, lengths.get(period) ?? 0);
          addSeconds(total, seconds);
          addSeconds(stationPeriods.get(period) ?? emptySeconds(), seconds);
          return { period, ...figures(seconds) };
        });
        return { connector_id: port.connectorId, typo: port.typo, total: figures(total), periods: list };
      });
      const total = emptySeconds();
      for (const seconds of stationPeriods.values()) {
        addSeconds(total, seconds);
      }
      return {
        station: { id: Number(station.id), name: station.name },
        from: query.from,
        to: query.to,
        granularity: query.granularity,
        total: figures(total),
        periods: [...stationPeriods].map(([period, seconds]) => ({ period, ...figures(seconds) })),
        connectors,
      };
    },

    /** Each station of a merchant (or of the network) over the period, and their total. */
    async report(
      query: { merchant_id?: number | undefined; from: string; to: string },
      language: TLanguage,
    ): Promise<TUptimeReport> {
      const now = clock();
      let merchant: { id: number; name: string } | null = null;
      if (query.merchant_id !== undefined) {
        const found = (await db.execute(
          sql`select id, name from ${merchants} where id = ${query.merchant_id}`,
        )) as unknown as { rows: { id: number; name: string }[] };
        if (!found.rows[0]) {
          throw merchantNotFound();
        }
        merchant = { id: Number(found.rows[0].id), name: found.rows[0].name };
      }
      const listed = (await db.execute(sql`
        select s.id, ${STATION_NAME[language]} as name, m.id as merchant_id, m.name as merchant_name
        from ${stations} s join ${merchants} m on m.id = s.merchant_id
        where ${merchant ? sql`s.merchant_id = ${merchant.id}` : sql`true`}
        order by m.name, s.id
      `)) as unknown as { rows: { id: number; name: string; merchant_id: number; merchant_name: string }[] };
      const stationIds = listed.rows.map((row) => Number(row.id));
      const ports = await portsOf(stationIds);
      const rows = await stateSeconds(db, stationIds, { ...query, now, bucket: 'all' });
      const lengthS = daysOf(query.from, query.to).reduce((sum, day) => sum + dayLengthS(day, now), 0);
      const perStation = new Map(stationIds.map((id) => [id, emptySeconds()]));
      const portCount = new Map<number, number>();
      for (const port of ports) {
        portCount.set(port.stationId, (portCount.get(port.stationId) ?? 0) + 1);
      }
      for (const row of rows) {
        const seconds = perStation.get(row.stationId);
        if (seconds) {
          seconds[row.state] += row.seconds;
        }
      }
      const total = emptySeconds();
      const reportRows = listed.rows.map((station) => {
        const id = Number(station.id);
        const seconds = withUnknown(perStation.get(id) ?? emptySeconds(), lengthS * (portCount.get(id) ?? 0));
        addSeconds(total, seconds);
        return {
          station_id: id,
          station_name: station.name,
          merchant: { id: Number(station.merchant_id), name: station.merchant_name },
          connectors: portCount.get(id) ?? 0,
          ...figures(seconds),
        };
      });
      return { merchant, from: query.from, to: query.to, rows: reportRows, total: figures(total) };
    },
  };
};

export type UptimeService = ReturnType<typeof createUptimeService>;
