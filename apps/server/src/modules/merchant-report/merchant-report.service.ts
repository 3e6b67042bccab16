import type { TLanguage, TMerchantReport, ZMerchantReportQuery } from '@zaryad/contracts';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { merchantNotFound, merchants } from '../merchants';
import { stationDailyTotals, stations } from '../stations';

export type TMerchantReportFilter = z.output<typeof ZMerchantReportQuery>;

export interface MerchantReportService {
  /** Charges, energy and turnover of each of the merchant's stations over the period, both days included. */
  report(merchantId: number, filter: TMerchantReportFilter, language: TLanguage): Promise<TMerchantReport>;
}

const STATION_NAME = {
  ru: stations.nameRu,
  en: stations.nameEn,
  ky: stations.nameKy,
} as const;

export const createMerchantReportService = (db: Database): MerchantReportService => ({
  async report(merchantId, filter, language) {
    const [merchant] = await db
      .select({ id: merchants.id, name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    if (!merchant) {
      throw merchantNotFound();
    }
    const inPeriod = and(
      eq(stationDailyTotals.stationId, stations.id),
      between(stationDailyTotals.day, filter.period__from, filter.period__to),
    );
    // Sums stay numeric in the database and travel as text: money never passes through a float.
    const totals = {
      charges: sql<number>`coalesce(sum(${stationDailyTotals.charges}), 0)::int`.mapWith(Number),
      energyKwh: sql<string>`coalesce(sum(${stationDailyTotals.energyKwh}), 0)::numeric(16, 3)::text`,
      turnover: sql<string>`coalesce(sum(${stationDailyTotals.turnover}), 0)::numeric(16, 2)::text`,
    };
    const rows = await db
      .select({
        stationId: stations.id,
        // A station without a name in this language shows its Russian one.
        stationName: sql<string>`coalesce(nullif(${STATION_NAME[language]}, ''), ${stations.nameRu})`,
        ...totals,
      })
      .from(stations)
      .leftJoin(stationDailyTotals, inPeriod)
      .where(eq(stations.merchantId, merchantId))
      .groupBy(stations.id)
      .orderBy(asc(stations.id));
    const [sum] = await db
      .select(totals)
      .from(stations)
      .innerJoin(stationDailyTotals, inPeriod)
      .where(eq(stations.merchantId, merchantId));
    return {
      merchant,
      period__from: filter.period__from,
      period__to: filter.period__to,
      rows: rows.map((row) => ({
        station_id: row.stationId,
        station_name: row.stationName,
        charges: row.charges,
        energy_kwh: row.energyKwh,
        turnover: row.turnover,
      })),
      totals: {
        charges: sum?.charges ?? 0,
        energy_kwh: sum?.energyKwh ?? '0.000',
        turnover: sum?.turnover ?? '0.00',
      },
    };
  },
});
