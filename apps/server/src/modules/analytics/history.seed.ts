import { sql } from 'drizzle-orm';
import { affectedRows, type Database } from '../../db/client';

/**
 * The demo network's history: the seed makes merchants and stations now, and their charges over the past year. A
 * station is dated a few days before its first charge, and a merchant before its first station, so that the
 * dashboard's merchant and station counts grow over the year and the timeline tells when each one opened, instead of
 * showing every one added in the minute of the seed. Only moves dates back (`least`): a second run changes nothing.
 */
export const backdateDemoNetwork = async (db: Database) => {
  const stations = await db.execute(sql`
    update stations s set created_at = first.at - (1 + s.id % 20) * interval '1 day'
    from (select station_id, min(started_at) as at from charges group by station_id) first
    where first.station_id = s.id and s.created_at > first.at - (1 + s.id % 20) * interval '1 day'`);
  const merchants = await db.execute(sql`
    update merchants m set created_at = first.at - (1 + m.id % 10) * interval '1 day'
    from (select merchant_id, min(created_at) as at from stations group by merchant_id) first
    where first.merchant_id = m.id and m.created_at > first.at - (1 + m.id % 10) * interval '1 day'`);
  return { stations: affectedRows(stations), merchants: affectedRows(merchants) };
};
