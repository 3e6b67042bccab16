import { boolean, char, doublePrecision, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/** Countries, written at start from locations.data.ts (see locations.seed.ts). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: char('code', { length: 2 }).notNull().unique(),
  nameRu: varchar('name_ru', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  nameKy: varchar('name_ky', { length: 100 }).notNull(),
});

/**
 * Settlements with their region and district names copied in: they are only ever shown with the settlement, and
 * the reference data never changes at run time. station_count is kept by the stations module; `cost=true` lists
 * the settlements where it is above zero.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 80 }).notNull().unique(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    isCapital: boolean('is_capital').notNull().default(false),
    nameRu: varchar('name_ru', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    nameKy: varchar('name_ky', { length: 100 }).notNull(),
    regionRu: varchar('region_ru', { length: 100 }),
    regionEn: varchar('region_en', { length: 100 }),
    regionKy: varchar('region_ky', { length: 100 }),
    districtRu: varchar('district_ru', { length: 100 }),
    districtEn: varchar('district_en', { length: 100 }),
    districtKy: varchar('district_ky', { length: 100 }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    stationCount: integer('station_count').notNull().default(0),
  },
  (table) => [
    index('settlements_country_idx').on(table.countryId),
    index('settlements_with_stations_idx').on(table.countryId, table.stationCount),
  ],
);
