import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { MERCHANT_LIMITS } from '@zaryad/contracts';
import { searchIndex } from '../../platform/list-versions.tables';
import { accounts } from '../accounts';
import { countries, settlements } from '../locations';
import { scheduleColumn } from '../schedules';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

/**
 * Merchants: the site owners whose stations make up the network. status: 0 active, 1 inactive. percentage is the
 * agency-agreement share, 0..100. stations_count and active_stations_count are kept by a trigger on `stations`
 * (`src/db/routines/merchant-station-counts.sql`), never written by the application: the list reads them instead of counting stations, so that
 * merchants need not know the stations table (stations belong to merchants, not the other way round).
 */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: MERCHANT_LIMITS.name }).notNull(),
    agreementNumber: varchar('agreement_number', { length: MERCHANT_LIMITS.agreementNumber }).notNull(),
    legalEntity: varchar('legal_entity', { length: MERCHANT_LIMITS.legalEntity }).notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => settlements.id),
    district: varchar('district', { length: MERCHANT_LIMITS.district }).notNull().default(''),
    street: varchar('street', { length: MERCHANT_LIMITS.street }).notNull(),
    phone: varchar('phone', { length: 12 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    schedule: scheduleColumn(),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(0),
    stationsCount: integer('stations_count').notNull().default(0),
    activeStationsCount: integer('active_stations_count').notNull().default(0),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('merchants_percentage_check', sql`${table.percentage} between 0 and 100`),
    index('merchants_status_idx').on(table.status, table.id),
    index('merchants_city_idx').on(table.cityId),
    searchIndex('merchants_name_trgm_idx', table.name),
    searchIndex('merchants_agreement_number_trgm_idx', table.agreementNumber),
    searchIndex('merchants_legal_entity_trgm_idx', table.legalEntity),
    searchIndex('merchants_phone_trgm_idx', table.phone),
    searchIndex('merchants_email_trgm_idx', table.email),
  ],
);

/** Tags of a merchant; deleting a tag (only possible once inactive) unlinks it. */
export const merchantTags = pgTable(
  'merchant_tags',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.tagId] }), index('merchant_tags_tag_idx').on(table.tagId)],
);

/** Infrastructure around a merchant's site (the API calls it `environment`). */
export const merchantEnvironment = pgTable(
  'merchant_environment',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    surroundingId: integer('surrounding_id')
      .notNull()
      .references(() => surroundings.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.surroundingId] }),
    index('merchant_environment_surrounding_idx').on(table.surroundingId),
  ],
);
