import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { COUNTRIES, DISTRICTS, REGIONS, SETTLEMENTS, type TLocationNames } from './locations.data';
import { countries, settlements } from './locations.tables';

/** Each country's capital leads its settlement list (see locations.service.ts). */
export const CAPITAL_KEYS: ReadonlySet<string> = new Set([
  'kg-bishkek',
  'kz-astana',
  'uz-tashkent',
  'tj-dushanbe',
  'cn-beijing',
  'ru-moscow',
]);

const names = (names: TLocationNames | undefined) => ({
  ru: names?.name_ru ?? null,
  en: names?.name_en ?? null,
  ky: names?.name_ky ?? null,
});

/**
 * Writes the reference locations of locations.data.ts when they are missing: one count on an already seeded
 * database, two inserts on an empty one. `on conflict do nothing` keeps it safe when several processes start at once.
 * A new entry in the data file is added on the next start; the keys never change, so existing rows stay as they are.
 */
export const seedLocations = async (db: Database): Promise<void> => {
  const [settlementCount] = await db.select({ total: count() }).from(settlements);
  if ((settlementCount?.total ?? 0) >= SETTLEMENTS.length) {
    return;
  }
  await db
    .insert(countries)
    .values(COUNTRIES.map((country) => ({ code: country.code, nameRu: country.name_ru, nameEn: country.name_en, nameKy: country.name_ky })))
    .onConflictDoNothing({ target: countries.code });
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const countryIds = new Map(countryRows.map((row) => [row.code, row.id]));
  const regions = new Map(REGIONS.map((region) => [region.key, region]));
  const districts = new Map(DISTRICTS.map((district) => [district.key, district]));
  const rows = SETTLEMENTS.map((settlement) => {
    const countryId = countryIds.get(settlement.country);
    if (countryId === undefined) {
      throw new Error(`settlement ${settlement.key}: unknown country ${settlement.country}`);
    }
    const region = names(settlement.region ? regions.get(settlement.region) : undefined);
    const district = names(settlement.district ? districts.get(settlement.district) : undefined);
    return {
      key: settlement.key,
      countryId,
      kind: settlement.kind,
      isCapital: CAPITAL_KEYS.has(settlement.key),
      nameRu: settlement.name_ru,
      nameEn: settlement.name_en,
      nameKy: settlement.name_ky,
      regionRu: region.ru,
      regionEn: region.en,
      regionKy: region.ky,
      districtRu: district.ru,
      districtEn: district.en,
      districtKy: district.ky,
      latitude: settlement.latitude,
      longitude: settlement.longitude,
    };
  });
  await db.insert(settlements).values(rows).onConflictDoNothing({ target: settlements.key });
};
