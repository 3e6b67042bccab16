import { type TLanguage, type TLocation, type ZLocationQuery } from '@zaryad/contracts';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, notFound } from '../../http/api-errors';
import { countries, settlements } from './locations.tables';

type TLocationFilter = z.output<typeof ZLocationQuery>;
type TCountryRow = typeof countries.$inferSelect;
type TSettlementRow = typeof settlements.$inferSelect;

/** The network's home country leads the country list. */
const HOME_COUNTRY = 'KG';

const pick = (language: TLanguage, ru: string, en: string, ky: string) =>
  language === 'en' ? en : language === 'ky' ? ky : ru;

const toCountry = (row: TCountryRow, language: TLanguage): TLocation => ({
  id: row.id,
  name: pick(language, row.nameRu, row.nameEn, row.nameKy),
  name_ru: row.nameRu,
  name_en: row.nameEn,
  name_ky: row.nameKy,
  country_id: null,
  region: null,
  district: null,
  latitude: null,
  longitude: null,
});

const toSettlement = (row: TSettlementRow, language: TLanguage): TLocation => ({
  id: row.id,
  name: pick(language, row.nameRu, row.nameEn, row.nameKy),
  name_ru: row.nameRu,
  name_en: row.nameEn,
  name_ky: row.nameKy,
  country_id: row.countryId,
  region: row.regionRu === null ? null : pick(language, row.regionRu, row.regionEn ?? '', row.regionKy ?? ''),
  district: row.districtRu === null ? null : pick(language, row.districtRu, row.districtEn ?? '', row.districtKy ?? ''),
  latitude: row.latitude,
  longitude: row.longitude,
});

/**
 * Search and sort run here rather than in SQL: a country has at most a few hundred settlements, and the database's
 * collation (C on the embedded engine, the cluster's locale on PostgreSQL) would order and case-fold Cyrillic and the
 * Kyrgyz letters Ө, Ү, Ң differently on each engine. Intl.Collator sorts by the rules of the request's language.
 */
const matchesSearch = (location: TLocation, search: string | undefined) => {
  if (!search) {
    return true;
  }
  const needle = search.toLocaleLowerCase();
  return [location.name_ru, location.name_en, location.name_ky].some((name) => name.toLocaleLowerCase().includes(needle));
};

export interface LocationsService {
  list(filter: TLocationFilter, language: TLanguage): Promise<TLocation[]>;
}

export const createLocationsService = (db: Database): LocationsService => ({
  async list(filter, language) {
    const collator = new Intl.Collator(language);
    if (filter.location_type === 'countries') {
      const rows = await db.select().from(countries);
      const isHome = (row: TCountryRow) => (row.code === HOME_COUNTRY ? 0 : 1);
      return rows
        .sort((a, b) => isHome(a) - isHome(b) || collator.compare(toCountry(a, language).name, toCountry(b, language).name))
        .map((row) => toCountry(row, language))
        .filter((location) => matchesSearch(location, filter.search));
    }
    if (filter.country_id === undefined) {
      throw new FieldErrors({ country_id: ['required'] });
    }
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, filter.country_id)).limit(1);
    if (!country) {
      throw notFound();
    }
    const conditions: SQL[] = [eq(settlements.countryId, country.id)];
    if (filter.cost) {
      conditions.push(gt(settlements.stationCount, 0));
    }
    const rows = await db.select().from(settlements).where(and(...conditions));
    // The capital first (Bishkek for Kyrgyzstan: most stations are there), then alphabetically.
    const capitalFirst = (row: TSettlementRow) => (row.isCapital ? 0 : 1);
    return rows
      .map((row) => ({ row, location: toSettlement(row, language) }))
      .sort((a, b) => capitalFirst(a.row) - capitalFirst(b.row) || collator.compare(a.location.name, b.location.name))
      .map(({ location }) => location)
      .filter((location) => matchesSearch(location, filter.search));
  },
});

/**
 * For the stations module: call inside the transaction that adds (+1) or removes (-1) a station of a settlement, so
 * that `cost=true` lists exactly the settlements with stations.
 */
export const adjustStationCount = async (db: Pick<Database, 'update'>, settlementId: number, delta: number) => {
  await db
    .update(settlements)
    .set({ stationCount: sql`greatest(${settlements.stationCount} + ${delta}, 0)` })
    .where(eq(settlements.id, settlementId));
};
