import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { STATION_LIMITS } from '@zaryad/contracts';
import { searchIndex } from '../../platform/list-versions.tables';
import { accounts } from '../accounts';
import { connectorTypes } from '../connectors';
import { countries, settlements } from '../locations';
import { merchants } from '../merchants';
import { rates } from '../rates';
import { scheduleColumn } from '../schedules';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

/**
 * Charging stations of a merchant. identity is the charge point's OCPP identity (unique regardless of case);
 * password_sealed its Basic Auth secret, AES-256-GCM sealed (station-secret.ts), never answered. status: 0 active,
 * 1 inactive. avatar_path is relative to the uploads root (`stations/<random>.jpg`).
 */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    identity: varchar('identity', { length: STATION_LIMITS.identity }).notNull(),
    passwordSealed: text('password_sealed').notNull(),
    pic: varchar('pic', { length: STATION_LIMITS.pic }).notNull(),
    nameRu: varchar('name_ru', { length: STATION_LIMITS.name }).notNull(),
    nameEn: varchar('name_en', { length: STATION_LIMITS.name }).notNull(),
    nameKy: varchar('name_ky', { length: STATION_LIMITS.name }).notNull(),
    addressRu: varchar('address_ru', { length: STATION_LIMITS.address }).notNull().default(''),
    addressEn: varchar('address_en', { length: STATION_LIMITS.address }).notNull().default(''),
    addressKy: varchar('address_ky', { length: STATION_LIMITS.address }).notNull().default(''),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    /**
     * The coordinates as float8, kept by the database: the drivers' app's distance reads these, a cast from numeric
     * for each station of a dense city's box cost two thirds of the query (bench:app).
     */
    latitudeDeg: doublePrecision('latitude_deg').generatedAlwaysAs(sql`latitude::float8`),
    longitudeDeg: doublePrecision('longitude_deg').generatedAlwaysAs(sql`longitude::float8`),
    schedule: scheduleColumn(),
    manufacturer: varchar('manufacturer', { length: STATION_LIMITS.manufacturer }).notNull().default(''),
    executionType: varchar('execution_type', { length: 10 }).notNull(),
    isGasStation: boolean('is_gas_station').notNull().default(false),
    status: smallint('status').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => settlements.id),
    avatarPath: varchar('avatar_path', { length: 255 }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stations_identity_lower_idx').on(sql`lower(${table.identity})`),
    check('stations_execution_type_check', sql`${table.executionType} in ('wall', 'floor', 'mobile')`),
    check('stations_status_check', sql`${table.status} in (0, 1)`),
    // The merchant's station table, optionally filtered by status, newest first.
    index('stations_merchant_idx').on(table.merchantId, table.status, table.id),
    // The same table without the status filter: its pages are read over this index, a deep page included.
    index('stations_merchant_id_idx').on(table.merchantId, table.id),
    searchIndex('stations_name_ru_trgm_idx', table.nameRu),
    searchIndex('stations_name_en_trgm_idx', table.nameEn),
    searchIndex('stations_name_ky_trgm_idx', table.nameKy),
    searchIndex('stations_identity_trgm_idx', table.identity),
    // The global search finds stations by address too (modules/search).
    searchIndex('stations_address_ru_trgm_idx', table.addressRu),
    searchIndex('stations_address_en_trgm_idx', table.addressEn),
    searchIndex('stations_address_ky_trgm_idx', table.addressKy),
    // Its exact and prefix reads of names and addresses: a range over lower(...) (migration 0042); the trigram indexes
    // read a common word's 140,000 names one by one (a search for «Станция» took 3 s).
    index('stations_name_ru_lower_idx').on(sql`lower(${table.nameRu})`),
    index('stations_name_en_lower_idx').on(sql`lower(${table.nameEn})`),
    index('stations_name_ky_lower_idx').on(sql`lower(${table.nameKy})`),
    index('stations_address_ru_lower_idx').on(sql`lower(${table.addressRu})`),
    index('stations_address_en_lower_idx').on(sql`lower(${table.addressEn})`),
    index('stations_address_ky_lower_idx').on(sql`lower(${table.addressKy})`),
    index('stations_status_idx').on(table.status, table.id),
    // The drivers' app's stations near a point: a bounding box over the active stations, then the exact distance.
    index('stations_app_near_idx')
      .on(table.latitudeDeg, table.longitudeDeg)
      .where(sql`${table.status} = 0`),
    index('stations_city_idx').on(table.cityId),
    index('stations_country_idx').on(table.countryId),
  ],
);

export const stationTags = pgTable(
  'station_tags',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.stationId, table.tagId] }), index('station_tags_tag_idx').on(table.tagId)],
);

/** Infrastructure around a station (the API calls it `environment`, the station table `surroundings`). */
export const stationEnvironment = pgTable(
  'station_environment',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    surroundingId: integer('surrounding_id')
      .notNull()
      .references(() => surroundings.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.stationId, table.surroundingId] }),
    index('station_environment_surrounding_idx').on(table.surroundingId),
  ],
);

/**
 * EVSE modules of a station, numbered from 1 without gaps. The numbering is rewritten whenever connectors change
 * (the service renumbers in memory and writes the result), so it carries no unique constraint that a half-done
 * renumbering would trip over.
 */
export const evseModules = pgTable(
  'evse_modules',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    evseId: smallint('evse_id').notNull(),
    label: varchar('label', { length: 20 }).notNull().default(''),
  },
  (table) => [index('evse_modules_station_idx').on(table.stationId, table.evseId)],
);

/**
 * Connectors: connector_id counts from 1 within a module, ocpp_16_id from 1 across the station (the OCPP 1.6
 * connectorId), position is unique across the station. custom_fee is a personal tariff in som per kWh; rate_id a
 * personal rate, which comes first while it is active (stations/connector-tariff.ts).
 */
export const stationConnectors = pgTable(
  'station_connectors',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    evseModuleId: integer('evse_module_id')
      .notNull()
      .references(() => evseModules.id, { onDelete: 'cascade' }),
    evseId: smallint('evse_id').notNull(),
    connectorId: smallint('connector_id').notNull(),
    ocpp16Id: smallint('ocpp_16_id').notNull(),
    typo: varchar('typo', { length: 32 })
      .notNull()
      .references(() => connectorTypes.key),
    position: smallint('position').notNull().default(1),
    powerKwh: numeric('power_kwh', { precision: 7, scale: 2 }).notNull().default('0'),
    cableLength: smallint('cable_length'),
    customFee: numeric('custom_fee', { precision: 7, scale: 2 }),
    /** A personal rate of the connector's type (tariffs II): its components and versions price the connector's charges. */
    rateId: integer('rate_id').references(() => rates.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('station_connectors_station_idx').on(table.stationId, table.ocpp16Id),
    index('station_connectors_module_idx').on(table.evseModuleId),
    index('station_connectors_typo_idx').on(table.typo),
    check('station_connectors_cable_length_check', sql`${table.cableLength} is null or ${table.cableLength} > 0`),
  ],
);

/** Photos and videos of a station, at most 10 (checked by the service). */
export const stationMedia = pgTable(
  'station_media',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 5 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('station_media_station_idx').on(table.stationId, table.id),
    check('station_media_kind_check', sql`${table.kind} in ('image', 'video')`),
  ],
);
