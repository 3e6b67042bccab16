import {
  STATUS,
  type TLanguage,
  type TPaged,
  type TStationRow,
  type ZHeatMapQuery,
  type ZStationListQuery,
  type ZStationOptionQuery,
} from '@zaryad/contracts';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { likePattern, pageOffset, toPage } from '../../http/paging';
import { settlements } from '../locations/locations.tables';
import type { FileStorage } from '../media/file-storage';
import { merchants } from '../merchants/merchants.tables';
import { stationDailyTotals } from '../merchants/station-daily-totals.tables';
import { stationName, toStationRows } from './stations.read';
import { stations } from './stations.tables';

export type TStationListFilter = z.output<typeof ZStationListQuery>;
export type TStationOptionFilter = z.output<typeof ZStationOptionQuery>;
export type THeatMapFilter = z.output<typeof ZHeatMapQuery>;

const searchCondition = (search: string | undefined): SQL | undefined => {
  if (!search) {
    return undefined;
  }
  const pattern = likePattern(search);
  return or(
    ilike(stations.nameRu, pattern),
    ilike(stations.nameEn, pattern),
    ilike(stations.nameKy, pattern),
    ilike(stations.identity, pattern),
  );
};

/** Station table rows for a condition, newest first (bounded by the caller's condition or paging). */
export const selectStationRows = async (
  db: Database,
  storage: FileStorage,
  where: SQL | undefined,
  language: TLanguage,
  paging?: { limit: number; offset: number },
): Promise<TStationRow[]> => {
  const query = db
    .select({ station: stations, cityRu: settlements.nameRu, cityEn: settlements.nameEn, cityKy: settlements.nameKy })
    .from(stations)
    .innerJoin(settlements, eq(settlements.id, stations.cityId))
    .where(where)
    .orderBy(desc(stations.id));
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  return toStationRows(
    db,
    rows.map((row) => ({ ...row.station, cityRu: row.cityRu, cityEn: row.cityEn, cityKy: row.cityKy })),
    language,
    storage,
  );
};

export const createStationQueries = (db: Database, storage: FileStorage) => ({
  /** GET /stations/?merchant=: the merchant's station table; an unknown merchant is a 404. */
  async list(filter: TStationListFilter, language: TLanguage): Promise<TPaged<TStationRow>> {
    const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, filter.merchant)).limit(1);
    if (!merchant) {
      throw new ApiError(404, 'merchant_not_found');
    }
    const where = and(
      eq(stations.merchantId, filter.merchant),
      filter.active === undefined ? undefined : eq(stations.status, filter.active ? STATUS.active : STATUS.inactive),
      searchCondition(filter.search),
    );
    const [total] = await db.select({ total: count() }).from(stations).where(where);
    const items = await selectStationRows(db, storage, where, language, {
      limit: filter.size,
      offset: pageOffset(filter.page, filter.size),
    });
    return toPage(items, total?.total ?? 0, filter.page, filter.size);
  },

  /**
   * The searchable station pickers: every station for transaction filters, active ones for promotions.
   * Ordered by id so that pages stay stable while the picker scrolls.
   */
  async options(filter: TStationOptionFilter, language: TLanguage, onlyActive: boolean) {
    const where = and(
      filter.merchant === undefined ? undefined : eq(stations.merchantId, filter.merchant),
      onlyActive ? eq(stations.status, STATUS.active) : undefined,
      searchCondition(filter.search),
    );
    const [total] = await db.select({ total: count() }).from(stations).where(where);
    const rows = await db
      .select({ id: stations.id, merchantId: stations.merchantId, nameRu: stations.nameRu, nameEn: stations.nameEn, nameKy: stations.nameKy })
      .from(stations)
      .where(where)
      .orderBy(asc(stations.id))
      .limit(filter.size)
      .offset(pageOffset(filter.page, filter.size));
    const items = rows.map((row) => ({ id: row.id, name: stationName(row, language), merchant: row.merchantId }));
    return toPage(items, total?.total ?? 0, filter.page, filter.size);
  },

  /**
   * GET /stations/heat-map/: one point per station that had charges in the period (any time when it is open),
   * weighted by the number of charges, read from the daily totals the charges module keeps.
   */
  async heatMap(filter: THeatMapFilter) {
    const period = and(
      filter.period__from === undefined ? undefined : gte(stationDailyTotals.day, filter.period__from),
      filter.period__to === undefined ? undefined : lte(stationDailyTotals.day, filter.period__to),
    );
    const weight = sql<number>`cast(sum(${stationDailyTotals.charges}) as integer)`;
    const rows = await db
      .select({ latitude: stations.latitude, longitude: stations.longitude, weight })
      .from(stationDailyTotals)
      .innerJoin(stations, eq(stations.id, stationDailyTotals.stationId))
      .where(period)
      .groupBy(stations.id)
      .having(sql`sum(${stationDailyTotals.charges}) > 0`)
      .orderBy(asc(stations.id));
    return rows.map((row) => ({ latitude: Number(row.latitude), longitude: Number(row.longitude), weight: Number(row.weight) }));
  },

  /**
   * POST /stations/reset/{identity}/: no OCPP connection exists yet, so no charge point can be reached and the
   * answer says so truthfully; the OCPP module will send Reset.req here.
   */
  async reset(identity: string) {
    const [row] = await db
      .select({ id: stations.id })
      .from(stations)
      .where(sql`lower(${stations.identity}) = lower(${identity})`)
      .limit(1);
    if (!row) {
      throw new ApiError(404, 'station_not_found');
    }
    return { success: false, detail: 'reset_failed' as const };
  },
});

export type StationQueries = ReturnType<typeof createStationQueries>;
