import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TITLE_MAX } from '@zaryad/contracts';
import { searchIndex } from '../../platform/list-versions.tables';

/**
 * Tags that describe a station (fast charging, 24/7...). status: 0 active, 1 inactive. The Russian title is the
 * required one and is unique regardless of case, so that operators cannot create two "Быстрая зарядка".
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    titleRu: varchar('title_ru', { length: TITLE_MAX }).notNull(),
    titleEn: varchar('title_en', { length: TITLE_MAX }).notNull().default(''),
    titleKy: varchar('title_ky', { length: TITLE_MAX }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tags_title_ru_lower_idx').on(sql`lower(${table.titleRu})`),
    index('tags_status_idx').on(table.status),
    searchIndex('tags_title_ru_trgm_idx', table.titleRu),
    searchIndex('tags_title_en_trgm_idx', table.titleEn),
    searchIndex('tags_title_ky_trgm_idx', table.titleKy),
  ],
);
