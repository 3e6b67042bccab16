import type { ZCatalogueListQuery } from '@zaryad/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { allOf, searchAny, statusFilter } from './list-query';

// Rules shared by the catalogues whose records are titles in ru, en and ky with a status (tags, infrastructure).

export type TCatalogueFilter = z.output<typeof ZCatalogueListQuery>;

/** The columns every titled catalogue table (tags, infrastructure) shares. */
export interface TitledColumns {
  titleRu: PgColumn;
  titleEn: PgColumn;
  titleKy: PgColumn;
  status: PgColumn;
}

/**
 * The list filter of tags and infrastructure: a case-insensitive search over the titles (only the given language's
 * title when `language` is set) and the active flag.
 */
export const catalogueConditions = (table: TitledColumns, filter: TCatalogueFilter): SQL | undefined => {
  const byLanguage = { ru: table.titleRu, en: table.titleEn, ky: table.titleKy };
  return allOf(
    searchAny(
      filter.search,
      filter.language ? [byLanguage[filter.language]] : [table.titleRu, table.titleEn, table.titleKy],
    ),
    statusFilter(table.status, filter.active),
  );
};
