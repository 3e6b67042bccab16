import { and, eq, type SQL, sql } from 'drizzle-orm';
import { STATUS } from '@zaryad/contracts';
import { stations } from '../stations/stations.tables';
import { merchants } from './merchants.tables';

/**
 * Station counts of a merchant, counted by the database for each answered row: a page holds at most a few dozen
 * merchants, and the index stations(merchant_id, status, id) makes each count an index-only scan.
 */
const countStations = (condition?: SQL): SQL<number> =>
  sql<number>`(select count(*)::int from ${stations} where ${and(eq(stations.merchantId, merchants.id), condition)})`;

export const stationCounts = () => ({
  stationsCount: countStations().mapWith(Number),
  activeStationsCount: countStations(eq(stations.status, STATUS.active)).mapWith(Number),
  inactiveStationsCount: countStations(eq(stations.status, STATUS.inactive)).mapWith(Number),
});
