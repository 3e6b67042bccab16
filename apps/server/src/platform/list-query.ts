/**
 * The paged-list query every list uses: filters, search, sort and paging, answering `{items, page, pages, size, total}`.
 *
 * - Filters and search are plain Drizzle conditions built with the helpers below (`searchAny`, `phoneSearch`,
 *   `statusFilter`); `undefined` means "no condition", so an empty filter value is simply ignored.
 * - Paging is a deferred join: the page's ids are chosen first, over an index and with OFFSET (a deep page skips
 *   index entries, not whole rows with their joins and subqueries), then only those rows are loaded and answered in
 *   the ids' order. Every list sorts by a unique key ending in its id, so a page is stable.
 * - Totals are exact. A count is remembered per database, per table version (`list_versions`, bumped by a statement
 *   trigger on every write to a listed table, see migration 0008) and per condition: paging through a list, or
 *   through the results of one search, counts once until the table changes. A new table gets the trigger in its
 *   migration (`CREATE TRIGGER ... EXECUTE FUNCTION bump_list_version()`); without it its counts are never reused.
 * - Searched text columns carry trigram indexes (`gin_trgm_ops`), so `ILIKE '%…%'` is answered through an index.
 */
import type { TPaged } from '@zaryad/contracts';
import { and, count, eq, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { listVersions } from './list-versions.tables';

/** Offset of a page: pages are numbered from 1. */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

/** The paged answer shared by every list; an empty list has one empty page. */
export const toPage = <T>(items: T[], total: number, page: number, size: number): TPaged<T> => ({
  items,
  page,
  pages: Math.max(1, Math.ceil(total / size)),
  size,
  total,
});

/** Escapes LIKE wildcards so that a search for `50%` matches the text literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Several optional conditions that must all hold; `undefined` when none is given. */
export const allOf = (...conditions: (SQL | undefined)[]): SQL | undefined => {
  const given = conditions.filter((condition): condition is SQL => condition !== undefined);
  return given.length > 0 ? and(...given) : undefined;
};

/** Several optional conditions of which one must hold; `undefined` when none is given. */
export const anyOf = (...conditions: (SQL | undefined)[]): SQL | undefined => {
  const given = conditions.filter((condition): condition is SQL => condition !== undefined);
  return given.length > 0 ? or(...given) : undefined;
};

/** A case-insensitive substring search over text columns (each carries a trigram index). */
export const searchAny = (search: string | undefined, columns: PgColumn[]): SQL | undefined => {
  if (!search) {
    return undefined;
  }
  const pattern = likePattern(search);
  return anyOf(...columns.map((column) => ilike(column, pattern)));
};

/** Only digits, spaces and `+ ( ) -`, as a phone is typed with the mask. */
const PHONE_CHARACTERS = /^[\d\s()+-]+$/;
const PHONE_SEARCH_MIN_DIGITS = 3;

/**
 * A search is phone-like when it could be (part of) a typed phone: `+996 (555)`, `555 12`, `0555`. Anything else, such
 * as `Shoro 4`, never searches phones: a lone digit of a name would otherwise match nearly every phone.
 */
export const isPhoneLike = (search: string) =>
  PHONE_CHARACTERS.test(search) && search.replace(/\D/g, '').length >= PHONE_SEARCH_MIN_DIGITS;

/** Phones are stored as digits only: a phone-like search finds them by its digits, any other search not at all. */
export const phoneSearch = (search: string | undefined, column: PgColumn): SQL | undefined =>
  search && isPhoneLike(search) ? ilike(column, likePattern(search.replace(/\D/g, ''))) : undefined;

/** The active/inactive filter of every list with a status (0 active, 1 inactive). */
export const statusFilter = (column: PgColumn, active: boolean | undefined): SQL | undefined =>
  active === undefined ? undefined : eq(column, active ? 0 : 1);

/** A list's rows: where they live, which of them, and in what order. */
export interface ListSource {
  table: PgTable;
  /** The integer primary key: pages are chosen as ids first. */
  id: PgColumn;
  where: SQL | undefined;
  /** A total order, ending in the id so that equal keys keep their place from page to page. */
  orderBy: SQL[];
}

export interface ListPaging {
  page: number;
  size: number;
}

/** Counts remembered per database: tests open many databases in one process, and each has its own data. */
const remembered = new WeakMap<Database, Map<string, { version: number; total: number }>>();
/** Enough for every list and the searches paged through lately; the oldest is forgotten first. */
const REMEMBERED_COUNTS = 2000;

const rememberedCounts = (db: Database) => {
  let counts = remembered.get(db);
  if (!counts) {
    counts = new Map();
    remembered.set(db, counts);
  }
  return counts;
};

/** The table's version as a subquery, so that it is read in the same statement (and snapshot) as a count. */
const tableVersion = (name: string) =>
  sql<number | null>`(select ${listVersions.version} from ${listVersions} where ${listVersions.name} = ${name})`.mapWith(Number);

/**
 * The exact number of rows matching `where`. The version is read in the same statement as the count (one snapshot),
 * so a remembered count is reused only while no write has changed the table since.
 */
export const countRows = async (db: Database, table: PgTable, where: SQL | undefined): Promise<number> => {
  const name = getTableName(table);
  const countQuery = db.select({ total: count(), version: tableVersion(name) }).from(table).where(where);
  const { sql: text, params } = countQuery.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const counts = rememberedCounts(db);
  const known = counts.get(key);
  if (known) {
    const [current] = await db.select({ version: listVersions.version }).from(listVersions).where(eq(listVersions.name, name));
    if (current?.version === known.version) {
      return known.total;
    }
  }
  const [row] = await countQuery;
  const total = row?.total ?? 0;
  counts.delete(key);
  // A table without a version row (no trigger yet) is counted every time: nothing would say when a count went stale.
  if (row?.version !== null && row?.version !== undefined) {
    counts.set(key, { version: row.version, total });
    if (counts.size > REMEMBERED_COUNTS) {
      const oldest = counts.keys().next().value;
      if (oldest !== undefined) {
        counts.delete(oldest);
      }
    }
  }
  return total;
};

/** The ids of one page, read over the order's index without touching the rest of each row. */
export const pageIds = async (db: Database, source: ListSource, { page, size }: ListPaging): Promise<number[]> => {
  const rows = await db
    .select({ id: source.id })
    .from(source.table)
    .where(source.where)
    .orderBy(...source.orderBy)
    .limit(size)
    .offset(pageOffset(page, size));
  return rows.map((row) => Number(row.id));
};

/**
 * One page of a list: its exact total and its items, loaded by `load` for the page's ids only and answered in the
 * page's order (`load` may answer them in any order).
 */
export const queryList = async <TItem extends { id: number }>(
  db: Database,
  source: ListSource,
  paging: ListPaging,
  load: (ids: number[]) => Promise<TItem[]>,
): Promise<TPaged<TItem>> => {
  const [total, ids] = await Promise.all([countRows(db, source.table, source.where), pageIds(db, source, paging)]);
  const loaded = ids.length > 0 ? await load(ids) : [];
  const byId = new Map(loaded.map((item) => [item.id, item]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return toPage(items, total, paging.page, paging.size);
};
