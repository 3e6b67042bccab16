import {
  bigint,
  bigserial,
  type ExtraConfigColumn,
  index,
  type IndexBuilder,
  pgTable,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A listed table's version: this row's `version` plus the table's rows in `list_changes`, one per writing statement
 * (README.md#list-versions-no-shared-row-for-writers: why writers never update this row).
 */
export const listVersions = pgTable('list_versions', {
  name: varchar('name', { length: 63 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** One row per writing statement on a listed table since the last compaction (see `listVersions`). */
export const listChanges = pgTable(
  'list_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 63 }).notNull(),
  },
  (table) => [index('list_changes_name_idx').on(table.name)],
);

/** A trigram index (pg_trgm) on a searched text column: `ILIKE '%…%'` on it is answered through the index. */
export const searchIndex = (name: string, column: ExtraConfigColumn): IndexBuilder =>
  index(name).using('gin', column.op('gin_trgm_ops'));
