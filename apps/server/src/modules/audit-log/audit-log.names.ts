import type { TAuditEntry, TAuditNames, TLanguage } from '@zaryad/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countries, settlements } from '../locations';
import { merchants } from '../merchants';

/**
 * The logged fields whose values are another record's id, which the log reads by name (docs/product/audit.md#3-records):
 * a station's or a merchant's country and city, the merchant of a station, a banner or a promotion.
 */
export const NAMED_FIELDS = ['city', 'country', 'merchant'] as const;
type TNamedField = (typeof NAMED_FIELDS)[number];

/** An id as a change holds it: a positive integer, or its digits (a query string's value). */
const idOf = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** Every id the entries' changes give `field`, before or after. */
const idsOf = (entries: readonly TAuditEntry[], field: TNamedField): number[] => {
  const ids = new Set<number>();
  for (const entry of entries) {
    const change = entry.changes[field];
    for (const value of change ? [change.before, change.after] : []) {
      const id = idOf(value);
      if (id !== undefined) {
        ids.add(id);
      }
    }
  }
  return [...ids];
};

/** The language's name of a place, Russian when that one is empty (docs/style.md#4-languages). */
const placeName = (row: { nameRu: string; nameEn: string; nameKy: string }, language: TLanguage) =>
  (language === 'en' ? row.nameEn : language === 'ky' ? row.nameKy : row.nameRu) || row.nameRu;

type TNames = Record<TNamedField, Map<number, string>>;

const readNames = async (db: Database, entries: readonly TAuditEntry[], language: TLanguage): Promise<TNames> => {
  const cityIds = idsOf(entries, 'city');
  const countryIds = idsOf(entries, 'country');
  const merchantIds = idsOf(entries, 'merchant');
  const place = {
    id: settlements.id,
    nameRu: settlements.nameRu,
    nameEn: settlements.nameEn,
    nameKy: settlements.nameKy,
  };
  const country = { id: countries.id, nameRu: countries.nameRu, nameEn: countries.nameEn, nameKy: countries.nameKy };
  const cityRows =
    cityIds.length > 0 ? await db.select(place).from(settlements).where(inArray(settlements.id, cityIds)) : [];
  const countryRows =
    countryIds.length > 0 ? await db.select(country).from(countries).where(inArray(countries.id, countryIds)) : [];
  const merchantRows =
    merchantIds.length > 0
      ? await db
          .select({ id: merchants.id, name: merchants.name })
          .from(merchants)
          .where(inArray(merchants.id, merchantIds))
      : [];
  return {
    city: new Map(cityRows.map((row) => [row.id, placeName(row, language)])),
    country: new Map(countryRows.map((row) => [row.id, placeName(row, language)])),
    merchant: new Map(merchantRows.map((row) => [row.id, row.name])),
  };
};

/** One entry's names: for each named field it changed, the name of each id it holds (a deleted record's is left out). */
const namesOf = (entry: TAuditEntry, names: TNames): TAuditNames => {
  const own: TAuditNames = {};
  for (const field of NAMED_FIELDS) {
    const change = entry.changes[field];
    const found: Record<string, string> = {};
    for (const value of change ? [change.before, change.after] : []) {
      const id = idOf(value);
      const name = id === undefined ? undefined : names[field].get(id);
      if (id !== undefined && name !== undefined) {
        found[String(id)] = name;
      }
    }
    if (Object.keys(found).length > 0) {
      own[field] = found;
    }
  }
  return own;
};

/**
 * The entries with the names of the records their changes refer to by id, in the request's language: three reads by
 * primary key for a whole page, none when no entry names a place or a merchant.
 */
export const withNames = async (db: Database, entries: TAuditEntry[], language: TLanguage): Promise<TAuditEntry[]> => {
  const names = await readNames(db, entries, language);
  return entries.map((entry) => ({ ...entry, names: namesOf(entry, names) }));
};
