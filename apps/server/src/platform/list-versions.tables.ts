import { bigint, type ExtraConfigColumn, index, type IndexBuilder, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per listed table, its version bumped by a statement trigger (`bump_list_version()`, migration 0008) on
 * every insert, update or delete: a count remembered at one version is still exact while the version holds.
 */
export const listVersions = pgTable('list_versions', {
  name: varchar('name', { length: 63 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A trigram index (pg_trgm) on a searched text column: `ILIKE '%…%'` on it is answered through the index. */
export const searchIndex = (name: string, column: ExtraConfigColumn): IndexBuilder =>
  index(name).using('gin', column.op('gin_trgm_ops'));
