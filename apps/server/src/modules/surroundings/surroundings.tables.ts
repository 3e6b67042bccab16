import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TITLE_MAX } from '@zaryad/contracts';
import { searchIndex } from '../../platform/list-versions.tables';

/**
 * Infrastructure around a station (café, toilet, Wi-Fi...). status: 0 active, 1 inactive. icon_path is the
 * sanitised svg's path inside the uploads folder (`surroundings/<random>.svg`), served under /media/.
 */
export const surroundings = pgTable(
  'surroundings',
  {
    id: serial('id').primaryKey(),
    titleRu: varchar('title_ru', { length: TITLE_MAX }).notNull(),
    titleEn: varchar('title_en', { length: TITLE_MAX }).notNull().default(''),
    titleKy: varchar('title_ky', { length: TITLE_MAX }).notNull().default(''),
    iconPath: varchar('icon_path', { length: 255 }),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('surroundings_title_ru_lower_idx').on(sql`lower(${table.titleRu})`),
    index('surroundings_status_idx').on(table.status),
    searchIndex('surroundings_title_ru_trgm_idx', table.titleRu),
    searchIndex('surroundings_title_en_trgm_idx', table.titleEn),
    searchIndex('surroundings_title_ky_trgm_idx', table.titleKy),
  ],
);
