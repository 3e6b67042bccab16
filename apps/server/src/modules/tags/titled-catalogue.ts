import { STATUS, type ZCatalogueListQuery } from '@zaryad/contracts';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { likePattern } from '../../http/paging';

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
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const byLanguage = { ru: table.titleRu, en: table.titleEn, ky: table.titleKy };
    const searched = filter.language
      ? ilike(byLanguage[filter.language], pattern)
      : or(ilike(table.titleRu, pattern), ilike(table.titleEn, pattern), ilike(table.titleKy, pattern));
    if (searched) {
      conditions.push(searched);
    }
  }
  if (filter.active !== undefined) {
    conditions.push(eq(table.status, filter.active ? STATUS.active : STATUS.inactive));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
};
