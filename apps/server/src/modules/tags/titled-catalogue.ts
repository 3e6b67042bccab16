import { STATUS, type TStatus, type ZCatalogueListQuery } from '@zaryad/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { FieldErrors } from '../../http/api-errors';
import { allOf, searchAny, statusFilter } from '../../platform/list-query';

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
    searchAny(filter.search, filter.language ? [byLanguage[filter.language]] : [table.titleRu, table.titleEn, table.titleKy]),
    statusFilter(table.status, filter.active),
  );
};

export const toStatus = (value: number): TStatus => (value === STATUS.active ? STATUS.active : STATUS.inactive);

/** A unique violation (23505), whichever driver raised it (pg puts the code on the error, PGlite via Drizzle on its cause). */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
};

/** The answer to a second record with the same Russian title (case-insensitive). */
export const titleTaken = () => new FieldErrors({ title_ru: ['title_taken'] });
