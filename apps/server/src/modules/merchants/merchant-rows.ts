import type { TLanguage, TMerchantRow, TStatus } from '@zaryad/contracts';
import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { accounts } from '../accounts';
import { countries, settlements } from '../locations';
import type { TStoredSchedule } from '../schedules';
import { merchants } from './merchants.tables';

const city = alias(settlements, 'city');

const NAME_COLUMNS = {
  ru: { country: countries.nameRu, city: city.nameRu },
  en: { country: countries.nameEn, city: city.nameEn },
  ky: { country: countries.nameKy, city: city.nameKy },
} as const;

/** One query answers a row with everything the list shows: names in the request's language, creator, counts. */
const rowSelection = (language: TLanguage) => ({
  merchant: merchants,
  countryName: NAME_COLUMNS[language].country,
  cityName: NAME_COLUMNS[language].city,
  cityNameRu: city.nameRu,
  creatorFirstName: accounts.firstName,
  creatorLastName: accounts.lastName,
});

export const toStatus = (value: number): TStatus => (value === 1 ? 1 : 0);

type TSelectedRow = {
  merchant: typeof merchants.$inferSelect;
  countryName: string | null;
  cityName: string | null;
  cityNameRu: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

/** Letters of the Russian and Kyrgyz alphabets. */
const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * The city as the location line names it (docs/product/merchants.md#3-records): district and street are free text in
 * the language they were typed in, so beside Cyrillic text an English answer names the city in Russian, and the line
 * reads in one language. Russian and Kyrgyz answers name it in their own language (both written in Cyrillic).
 */
export const addressCity = (
  names: { request: string | null; ru: string | null },
  freeText: string,
  language: TLanguage,
): string | null => (language === 'en' && CYRILLIC.test(freeText) ? names.ru : names.request);

const toMerchantRow = (row: TSelectedRow, language: TLanguage): TMerchantRow => {
  const { merchant } = row;
  return {
    id: merchant.id,
    name: merchant.name,
    agreement_number: merchant.agreementNumber,
    legal_entity: merchant.legalEntity,
    country: row.countryName === null ? null : { id: merchant.countryId, name: row.countryName },
    district: merchant.district,
    city: row.cityName === null ? null : { id: merchant.cityId, name: row.cityName },
    address_city: addressCity(
      { request: row.cityName, ru: row.cityNameRu },
      `${merchant.district} ${merchant.street}`,
      language,
    ),
    street: merchant.street,
    phone: merchant.phone,
    email: merchant.email,
    status: toStatus(merchant.status),
    percentage: merchant.percentage,
    // Kept by a trigger on stations (`src/db/routines/merchant-station-counts.sql`); a station's status is 0 or 1, so the rest are inactive.
    stations_count: merchant.stationsCount,
    active_stations_count: merchant.activeStationsCount,
    inactive_stations_count: merchant.stationsCount - merchant.activeStationsCount,
    created_by:
      merchant.createdBy === null || row.creatorFirstName === null
        ? null
        : { id: merchant.createdBy, first_name: row.creatorFirstName, last_name: row.creatorLastName ?? '' },
    created_at: merchant.createdAt.toISOString(),
  };
};

export interface TRowsQuery {
  where: SQL | undefined;
  language: TLanguage;
  limit: number;
  offset: number;
}

/** Merchant rows, newest first, with the stored schedule for callers that answer it. */
export const selectMerchantRows = async (
  db: Pick<Database, 'select'>,
  query: TRowsQuery,
): Promise<{ row: TMerchantRow; schedule: TStoredSchedule }[]> => {
  // The page's ids first: PostgreSQL computes the select list (three station counts) for every row an OFFSET
  // skips too, so the counts must only meet the rows that are answered.
  const page = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(query.where)
    .orderBy(desc(merchants.id))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select(rowSelection(query.language))
    .from(page)
    .innerJoin(merchants, eq(merchants.id, page.id))
    .leftJoin(countries, eq(countries.id, merchants.countryId))
    .leftJoin(city, eq(city.id, merchants.cityId))
    .leftJoin(accounts, eq(accounts.id, merchants.createdBy))
    .orderBy(desc(merchants.id));
  return rows.map((row) => ({ row: toMerchantRow(row, query.language), schedule: row.merchant.schedule }));
};
