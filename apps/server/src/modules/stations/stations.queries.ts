import {
  STATUS,
  type RESET_TYPES,
  type TLanguage,
  type TPaged,
  type TStationRow,
  type ZStationListQuery,
  type ZStationOptionQuery,
} from '@zaryad/contracts';
import type { ZHeatMapQuery } from '@zaryad/contracts/analytics';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { ChargePointGateway } from '../../platform/charge-points';
import { allOf, ascending, descending, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { settlements } from '../locations';
import type { FileStorage } from '../media';
import { merchants } from '../merchants';
import { stationDailyTotals } from './station-daily-totals.tables';
import { stationName, toStationRows } from './stations.read';
import { stations } from './stations.tables';

export type TStationListFilter = z.output<typeof ZStationListQuery>;
export type TStationOptionFilter = z.output<typeof ZStationOptionQuery>;
export type THeatMapFilter = z.output<typeof ZHeatMapQuery>;

const searchCondition = (search: string | undefined): SQL | undefined =>
  searchAny(search, [stations.nameRu, stations.nameEn, stations.nameKy, stations.identity]);

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

/**
 * The stations the merchant's table shows for a filter; an unknown merchant is a 404. The list and the bulk change by
 * filter read the same rows.
 */
export const stationListConditions = async (db: Database, filter: TStationListFilter) => {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, filter.merchant))
    .limit(1);
  if (!merchant) {
    throw new ApiError(404, 'merchant_not_found');
  }
  return allOf(
    eq(stations.merchantId, filter.merchant),
    statusFilter(stations.status, filter.active),
    searchCondition(filter.search),
  );
};

export const createStationQueries = (db: Database, storage: FileStorage) => ({
  /** GET /stations/?merchant=: the merchant's station table; an unknown merchant is a 404. */
  async list(filter: TStationListFilter, language: TLanguage): Promise<TPaged<TStationRow>> {
    const where = await stationListConditions(db, filter);
    // Newest first over stations(merchant_id, id) or (merchant_id, status, id): a deep page skips index entries only.
    const source = { table: stations, id: stations.id, where, order: descending(stations.id) };
    return queryList(db, source, filter, (ids) => selectStationRows(db, storage, inArray(stations.id, ids), language));
  },

  /**
   * The searchable station pickers: every station for transaction filters, active ones for promotions.
   * Ordered by id so that pages stay stable while the picker scrolls.
   */
  async options(filter: TStationOptionFilter, language: TLanguage, onlyActive: boolean) {
    const where = allOf(
      filter.merchant === undefined ? undefined : eq(stations.merchantId, filter.merchant),
      onlyActive ? eq(stations.status, STATUS.active) : undefined,
      searchCondition(filter.search),
    );
    const source = { table: stations, id: stations.id, where, order: ascending(stations.id) };
    return queryList(db, source, filter, async (ids) => {
      const rows = await db
        .select({
          id: stations.id,
          merchantId: stations.merchantId,
          nameRu: stations.nameRu,
          nameEn: stations.nameEn,
          nameKy: stations.nameKy,
        })
        .from(stations)
        .where(inArray(stations.id, ids));
      return rows.map((row) => ({ id: row.id, name: stationName(row, language), merchant: row.merchantId }));
    });
  },

  /**
   * GET /stations/heat-map/: one point per station that had charges in the period (any time when it is open),
   * weighted by charges, kWh or turnover, read from the daily totals the charges engine keeps (never raw charges).
   */
  async heatMap(filter: THeatMapFilter, language: TLanguage) {
    const period = and(
      filter.period__from === undefined ? undefined : gte(stationDailyTotals.day, filter.period__from),
      filter.period__to === undefined ? undefined : lte(stationDailyTotals.day, filter.period__to),
      filter.merchant === undefined ? undefined : eq(stations.merchantId, filter.merchant),
      filter.connector_type === undefined
        ? undefined
        : sql`exists (select 1 from station_connectors c where c.station_id = ${stations.id} and c.typo = ${filter.connector_type})`,
    );
    const charges = sql<number>`cast(sum(${stationDailyTotals.charges}) as integer)`;
    const energy = sql<string>`sum(${stationDailyTotals.energyKwh})::numeric(16, 3)::text`;
    const turnover = sql<string>`sum(${stationDailyTotals.turnover})::numeric(16, 2)::text`;
    const rows = await db
      .select({
        id: stations.id,
        latitude: stations.latitude,
        longitude: stations.longitude,
        nameRu: stations.nameRu,
        nameEn: stations.nameEn,
        nameKy: stations.nameKy,
        merchantId: stations.merchantId,
        merchant: merchants.name,
        charges,
        energy,
        turnover,
      })
      .from(stationDailyTotals)
      .innerJoin(stations, eq(stations.id, stationDailyTotals.stationId))
      .innerJoin(merchants, eq(merchants.id, stations.merchantId))
      .where(period)
      .groupBy(stations.id, merchants.id)
      .having(sql`sum(${stationDailyTotals.charges}) > 0`)
      .orderBy(asc(stations.id));
    const metric = filter.metric ?? 'charges';
    return rows.map((row) => ({
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      weight: metric === 'charges' ? Number(row.charges) : Number(metric === 'energy' ? row.energy : row.turnover),
      station_id: row.id,
      name: stationName(row, language),
      merchant_id: row.merchantId,
      merchant: row.merchant,
      charges: Number(row.charges),
      energy_kwh: row.energy,
      turnover: row.turnover,
    }));
  },

  /**
   * POST /stations/reset/{identity}/: Reset.req to the station's charge point through the OCPP gateway (the ocpp
   * domain's, `platform/charge-points.ts`); success only when the charge point accepts. Rejected, timed out or not
   * connected all answer the same failure (docs/product/stations.md#8-messages); the command log on station info tells them apart.
   */
  async reset(identity: string, type: TResetType, gateway: ChargePointGateway, accountId: number) {
    const [row] = await db
      .select({ id: stations.id })
      .from(stations)
      .where(sql`lower(${stations.identity}) = lower(${identity})`)
      .limit(1);
    if (!row) {
      throw new ApiError(404, 'station_not_found');
    }
    const outcome = await gateway.send({ stationId: row.id, action: 'Reset', payload: { type }, accountId });
    return outcome.status === 'accepted'
      ? { success: true, detail: `reset_success:${type}` }
      : { success: false, detail: 'reset_failed' };
  },
});

type TResetType = (typeof RESET_TYPES)[number];

export type StationQueries = ReturnType<typeof createStationQueries>;
