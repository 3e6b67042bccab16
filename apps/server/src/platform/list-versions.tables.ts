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
 * A listed table's version: how many writing statements have touched it. A count remembered at one version is still
 * exact while the version holds. The version is this row's `version` plus the table's rows in `list_changes`: a writing
 * statement's trigger (`bump_list_version()`, `src/db/routines/list-versions.sql`) inserts a row of its own there instead of updating this
 * one, so that writers never wait for each other on a shared row (every charge start and finish did, issue 32). A job
 * folds the change rows into `version` now and then (`compactListChanges`, list-query.ts); the sum stays the same.
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
