import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { searchIndex } from '../../platform/list-versions.tables';
import { merchants } from '../merchants';
import { stations } from '../stations';

/**
 * Banners and fullscreens (type 'banner' or 'fullscreen') shown by the drivers' app between starts_at and ends_at.
 * status: 0 active, 1 inactive. archived_at: set by the archive job once ends_at has passed (the lists also derive it
 * from ends_at, so that an item never waits for the next tick). `link` is a banner's source link or a fullscreen's link.
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    imagePath: varchar('image_path', { length: 300 }).notNull(),
    link: varchar('link', { length: 500 }).notNull(),
    buttonName: varchar('button_name', { length: 40 }).notNull().default(''),
    buttonColor: varchar('button_color', { length: 7 }).notNull().default(''),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    destination: varchar('destination', { length: 16 }).notNull().default(''),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('banners_type_check', sql`${table.type} in ('banner', 'fullscreen')`),
    check('banners_period_check', sql`${table.startsAt} < ${table.endsAt}`),
    index('banners_type_ends_idx').on(table.type, table.endsAt, table.id),
    index('banners_live_idx').on(table.type, table.status, table.startsAt),
    index('banners_merchant_idx').on(table.merchantId),
    index('banners_archive_job_idx')
      .on(table.endsAt)
      .where(sql`${table.archivedAt} is null`),
    searchIndex('banners_name_trgm_idx', table.name),
  ],
);

/** The stations a banner is shown for (all of the merchant's when none). */
export const bannerStations = pgTable(
  'banner_stations',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.bannerId, table.stationId] }),
    index('banner_stations_station_idx').on(table.stationId),
  ],
);
