/**
 * The demo network's status history (`npm run seed:demo`): four weeks of each station's connectors: a few charges a
 * day (Preparing, Charging, Finishing, Available), now and then a fault of some hours, and outages of the charge point
 * (offline, then connected again, sometimes with a boot). Written by three statements over generate_series; skipped
 * when the stations already have history that old.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export const DEMO_HISTORY_DAYS = 28;

export const seedUptimeHistory = async (db: Database, now = new Date()): Promise<number> => {
  const start = new Date(now.getTime() - DEMO_HISTORY_DAYS * 24 * 3600 * 1000);
  const seeded = (await db.execute(sql`
    select exists (select 1 from charge_point_status_history where at <= ${start}::timestamptz) as seeded
  `)) as unknown as { rows: { seeded: boolean }[] };
  if (seeded.rows[0]?.seeded) {
    return 0;
  }
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      with ports as (
        select distinct station_id, ocpp_16_id::int as connector_id from station_connectors
      ),
      days as (
        select d, ${start}::timestamptz + interval '1 day' * d as day_start
        from generate_series(0, ${DEMO_HISTORY_DAYS - 1}) as d
      ),
      sessions as (
        select p.station_id, p.connector_id,
          k.day_start + interval '1 hour' * (2 + n * 4 + random() * 3) as started,
          interval '1 minute' * (15 + random() * 90) as lasting
        from ports p cross join days k cross join generate_series(0, 3) as n
        where random() < 0.7
      ),
      faults as (
        select p.station_id, p.connector_id,
          k.day_start + interval '1 hour' * (random() * 20) as started,
          interval '1 minute' * (30 + random() * 300) as lasting,
          (array['GroundFailure', 'OverCurrentFailure', 'PowerMeterFailure', 'ConnectorLockFailure'])[1 + floor(random() * 4)::int] as error_code
        from ports p cross join days k
        where random() < 0.04
      ),
      rows as (
        select station_id, connector_id, 'Available' as status, 'NoError' as error_code, ${start}::timestamptz as at
        from ports
        union all
        select station_id, connector_id, v.status, 'NoError', started + v.after
        from sessions cross join lateral (values
          ('Preparing', interval '0'),
          ('Charging', interval '2 minutes'),
          ('Finishing', interval '2 minutes' + lasting),
          ('Available', interval '4 minutes' + lasting)
        ) as v(status, after)
        union all
        select station_id, connector_id, v.status, v.error_code, started + v.after
        from faults cross join lateral (values
          ('Faulted', error_code, interval '0'),
          ('Available', 'NoError', lasting)
        ) as v(status, error_code, after)
      )
      insert into charge_point_status_history (station_id, connector_id, kind, status, error_code, at)
      select station_id, connector_id, 'status', status, error_code, at from rows where at < ${now}::timestamptz
      returning id
    `)) as unknown as { rows: unknown[] };
    const links = (await tx.execute(sql`
      with outages as (
        select s.id as station_id,
          ${start}::timestamptz + interval '1 day' * d + interval '1 hour' * (random() * 23) as started,
          interval '1 minute' * (5 + random() * 240) as lasting,
          random() < 0.5 as booted
        from stations s cross join generate_series(0, ${DEMO_HISTORY_DAYS - 1}) as d
        where random() < 0.06
      ),
      rows as (
        select id as station_id, 'connected' as kind, ${start}::timestamptz - interval '1 second' as at from stations
        union all
        select station_id, 'offline', started from outages
        union all
        select station_id, 'connected', started + lasting from outages
        union all
        select station_id, 'boot', started + lasting + interval '1 second' from outages where booted
      )
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select station_id, 0, kind, at from rows where at < ${now}::timestamptz
      returning id
    `)) as unknown as { rows: unknown[] };
    // A charge point that is not connected now went away when the history ends.
    await tx.execute(sql`
      insert into charge_point_status_history (station_id, connector_id, kind, at)
      select s.id, 0, 'disconnected', ${now}::timestamptz from stations s
      where not exists (
        select 1 from charge_points cp where cp.station_id = s.id and cp.connected_at is not null
      )
    `);
    return result.rows.length + links.rows.length;
  });
};
