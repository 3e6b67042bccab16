/**
 * The paged-list query every list uses: filters, search, sort and paging, answering `{items, page, pages, size, total}`
 * (docs/design.md#12-lists-at-scale). Conditions are plain Drizzle SQL, `undefined` meaning none; a page's ids are read
 * first over the order's index, then only those rows; exact totals and deep pages' bookmarks are remembered per table
 * version (README.md#list-versions-no-shared-row-for-writers) and per condition.
 */
import type { TPaged } from '@zaryad/contracts';
import { and, eq, getTableName, gte, ilike, like, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { listChanges, listVersions } from './list-versions.tables';

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

/** Optional conditions that must all hold, or one of which must: Drizzle's `and`/`or` drop `undefined` ones already. */
export const allOf = (...conditions: (SQL | undefined)[]) => and(...conditions);
export const anyOf = (...conditions: (SQL | undefined)[]) => or(...conditions);

/** A case-insensitive substring search over text columns (each carries a trigram index). */
export const searchAny = (search: string | undefined, columns: PgColumn[]): SQL | undefined => {
  if (!search) {
    return undefined;
  }
  const pattern = likePattern(search);
  return anyOf(...columns.map((column) => ilike(column, pattern)));
};

/**
 * The same search over a column that holds its texts already lower-cased (a generated column): one byte-wise `LIKE`
 * per row, as `ILIKE` lower-cases both sides under the same collation anyway (users' `search_text`).
 */
export const searchLowered = (search: string | undefined, column: PgColumn): SQL | undefined =>
  search ? sql`${column} like lower(${likePattern(search)})` : undefined;

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
  search && isPhoneLike(search) ? like(column, likePattern(search.replace(/\D/g, ''))) : undefined;

/** The active/inactive filter of every list with a status (0 active, 1 inactive). */
export const statusFilter = (column: PgColumn, active: boolean | undefined): SQL | undefined =>
  active === undefined ? undefined : eq(column, active ? 0 : 1);

/** A list's sort: columns in one direction, the last one the id, so that the order is total. */
export interface ListOrder {
  columns: PgColumn[];
  direction: 'asc' | 'desc';
}

export const descending = (...columns: PgColumn[]): ListOrder => ({ columns, direction: 'desc' });
export const ascending = (...columns: PgColumn[]): ListOrder => ({ columns, direction: 'asc' });

/** A list's rows: where they live, which of them, and in what order. */
export interface ListSource {
  table: PgTable;
  /** The integer primary key: pages are chosen as ids first. */
  id: PgColumn;
  /** Conditions on this table's own columns only: its count is reused while this table alone is unchanged. */
  where: SQL | undefined;
  order: ListOrder;
  /**
   * false when the conditions read a column whose writes do not bump the table's list version (app users' balances,
   * migration 0012): such a list is counted afresh on every page.
   */
  remember?: boolean;
  /**
   * The list's exact total, found more cheaply than by counting its rows (a rollup kept in the writes' own transactions).
   * The list is then neither counted nor remembered, and deep pages skip rows over the order's index (no bookmarks;
   * `seek` can start them nearer).
   */
  total?: () => Promise<number>;
  /**
   * With `total`: remember it as a count is, for a table whose version changes whenever the total may (the charges),
   * so that a page within the first 1,000 rows reads only the version until the table changes.
   */
  rememberTotal?: boolean;
  /**
   * With `total`: where a deep page's rows start, from the same rollup (no bookmarks measured): a condition on the
   * order's leading column that leaves out the first `before` rows of the list, `before` at most the page's offset. The
   * page then skips `offset - before` rows from there instead of `offset` (the statement: from the Bishkek day holding
   * the page, at most a day's entries).
   */
  seek?: (offset: number) => Promise<{ from: SQL; before: number } | undefined>;
  /**
   * Disjoint conditions whose rows together are `where`'s (an `IN` list, one value each): a page's ids are merged from
   * one read per branch over its own index, each limited to the rows the page needs. Counts and bookmarks read `where`.
   */
  branches?: SQL[];
}

export interface ListPaging {
  page: number;
  size: number;
}

/** Rows between two bookmarks: a deep page skips fewer index entries than this. */
export const BOOKMARK_EVERY = 1000;

/**
 * The exact total of a list and, once a deep page was asked for, the sort keys of its rows 0, 1000, 2000... (0-based
 * positions). Without bookmarks a page is read at its plain offset.
 */
interface ListShape {
  total: number;
  bookmarks?: unknown[][];
  /** A deep page's start found by `ListSource.seek`, for this request only. */
  seek?: { from: SQL; before: number };
}

/** Shapes remembered per database: tests open many databases in one process, and each has its own data. */
const remembered = new WeakMap<Database, Map<string, ListShape & { version: number }>>();
/** Enough for every list and the searches paged through lately; the least recently used is forgotten first. */
const REMEMBERED_SHAPES = 2000;
/**
 * Counts faster than this are made again rather than remembered: with 10,000,000 charges, one-off searches pushed the
 * 1.4 s count of the statuses list out of the cache, and ten clients then queued behind ten recounts (bench:charges).
 */
export const LIST_SHAPE_TUNING = { cheapCountMs: 5 };

const rememberedShapes = (db: Database) => {
  const shapes = remembered.get(db) ?? new Map<string, ListShape & { version: number }>();
  remembered.set(db, shapes);
  return shapes;
};

const directed = (order: ListOrder, key: SQLWrapper) =>
  order.direction === 'desc' ? sql`${key} desc` : sql`${key} asc`;
/** A list's order as `orderBy` arguments (an export's select sorts as its list). */
export const orderByOf = (order: ListOrder): SQL[] => order.columns.map((column) => directed(order, column));
const orderSql = (order: ListOrder) => sql.join(orderByOf(order), sql`, `);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The sort keys of an inner select as k0, k1... (`innerKeys`), and as an outer query names them (`outerKeys`, and in the
 * list's order `outerOrder`): the outer query cannot name the table's columns.
 */
const sortKeys = (order: ListOrder, outer: string) => {
  const keys = order.columns.map((column, index) => ({ column, alias: sql.identifier(`k${index}`) }));
  const from = sql.identifier(outer);
  return {
    innerKeys: sql.join(
      keys.map(({ column, alias }) => sql`${column} as ${alias}`),
      sql`, `,
    ),
    outerKeys: sql.join(
      keys.map(({ alias }) => sql`${from}.${alias}`),
      sql`, `,
    ),
    outerOrder: sql.join(
      keys.map(({ alias }) => directed(order, sql`${from}.${alias}`)),
      sql`, `,
    ),
  };
};

/**
 * The table's list version (list-versions.tables.ts: its row plus its change rows not folded in yet), read inside a
 * measuring statement so that it belongs to the same snapshot. Null for a table without a version row.
 */
const versionSql = (source: ListSource) => {
  const name = getTableName(source.table);
  return sql`(select (${listVersions.version} + (select count(*) from ${listChanges} where ${listChanges.name} = ${name}))::text
    from ${listVersions} where ${listVersions.name} = ${name})`;
};

/** The table's list version alone. */
const currentVersion = async (db: Database, source: ListSource) =>
  versionOf(
    rowsOf<{ version: string | null }>(await db.execute(sql`select ${versionSql(source)} as version`))[0]?.version,
  );

const versionOf = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** Counts the list (its version read in the same statement): all that a page within the first 1,000 rows needs. */
const countList = async (db: Database, source: ListSource): Promise<ListShape & { version: number | null }> => {
  const result = await db.execute(sql`
    select count(*)::int as total, ${versionSql(source)} as version
    from ${source.table}
    ${source.where ? sql`where ${source.where}` : sql``}`);
  const [row] = rowsOf<{ total: number; version: string | null }>(result);
  return { total: Number(row?.total ?? 0), version: versionOf(row?.version) };
};

/**
 * The list's own total with the table's version read first: a write committed in between makes the version remembered
 * older than the total, so that the next request measures again (never a total older than its version).
 */
const suppliedTotal = async (db: Database, source: ListSource, total: () => Promise<number>) => {
  const version = await currentVersion(db, source);
  return { total: await total(), version };
};

/**
 * Counts the list and notes its bookmarks in one pass over the order's index, for a deep page. The table's version is
 * read in the same statement (one snapshot), so a remembered shape is reused only while no write has changed the table.
 */
const measureBookmarks = async (
  db: Database,
  source: ListSource,
): Promise<Required<Omit<ListShape, 'seek'>> & { version: number | null }> => {
  const order = orderSql(source.order);
  const { innerKeys, outerKeys } = sortKeys(source.order, 'ranked');
  const result = await db.execute(sql`
    select count(*)::int as total,
           coalesce(json_agg(json_build_array(${outerKeys}) order by ranked.position)
                      filter (where ranked.position % ${BOOKMARK_EVERY} = 1), '[]'::json) as bookmarks,
           ${versionSql(source)} as version
    from (
      select row_number() over (order by ${order}) as position, ${innerKeys}
      from ${source.table}
      ${source.where ? sql`where ${source.where}` : sql``}
    ) as ranked`);
  const [row] = rowsOf<{ total: number; bookmarks: unknown[][] | string; version: string | null }>(result);
  // node-postgres parses json, PGlite too; a driver answering text is read the same way.
  const bookmarks =
    typeof row?.bookmarks === 'string' ? (JSON.parse(row.bookmarks) as unknown[][]) : (row?.bookmarks ?? []);
  return { total: Number(row?.total ?? 0), bookmarks, version: versionOf(row?.version) };
};

/** A page that starts past the first bookmark's span, which bookmarks would shorten. */
const isDeep = (paging: ListPaging | undefined) =>
  paging !== undefined && pageOffset(paging.page, paging.size) >= BOOKMARK_EVERY;

/**
 * The exact total of a list, with its bookmarks when `paging` asks for a deep page; remembered while its table is
 * unchanged. Bookmarks are measured only for a deep page, and then remembered beside the count.
 */
export const listShape = async (db: Database, source: ListSource, paging?: ListPaging): Promise<ListShape> => {
  const deep = isDeep(paging);
  if (source.total && (!source.rememberTotal || deep || source.remember === false)) {
    return { total: await source.total() };
  }
  if (source.remember === false) {
    return countList(db, source);
  }
  const { sql: text, params } = db
    .select({ id: source.id })
    .from(source.table)
    .where(source.where)
    .orderBy(orderSql(source.order))
    .toSQL();
  // Money filters are bigint tyiyn, which JSON cannot write as they are.
  const key = `${text}\u0000${JSON.stringify(params, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))}`;
  const shapes = rememberedShapes(db);
  const known = shapes.get(key);
  if (known && (known.bookmarks || !deep)) {
    if ((await currentVersion(db, source)) === known.version) {
      // The most recently used are kept longest: a list paged through all day outlives a thousand one-off searches.
      shapes.delete(key);
      shapes.set(key, known);
      return known;
    }
  }
  const startedAt = performance.now();
  const measured: ListShape & { version: number | null } = deep
    ? await measureBookmarks(db, source)
    : source.total
      ? await suppliedTotal(db, source, source.total)
      : await countList(db, source);
  shapes.delete(key);
  // A table without a version row (no trigger yet) is measured every time: nothing would say when a shape went stale.
  // A count cheaper than reading the version back (a search by number, one user's rows) is not worth a place either:
  // remembered, it would only push out the expensive ones.
  if (
    measured.version === null ||
    (!measured.bookmarks && performance.now() - startedAt < LIST_SHAPE_TUNING.cheapCountMs)
  ) {
    return measured;
  }
  const shape = { ...measured, version: measured.version };
  shapes.set(key, shape);
  if (shapes.size > REMEMBERED_SHAPES) {
    const oldest = shapes.keys().next().value;
    if (oldest !== undefined) {
      shapes.delete(oldest);
    }
  }
  return shape;
};

/** Rows from a bookmark on, in the list's order: `(k1, k2) <= (v1, v2)` newest first, `>=` oldest first. */
const fromBookmark = (order: ListOrder, bookmark: unknown[]): SQL => {
  const columns = sql.join(order.columns, sql`, `);
  const values = sql.join(
    bookmark.map((value) => sql`${value}`),
    sql`, `,
  );
  if (order.columns.length === 1 && order.columns[0]) {
    return order.direction === 'desc' ? lte(order.columns[0], bookmark[0]) : gte(order.columns[0], bookmark[0]);
  }
  return order.direction === 'desc' ? sql`(${columns}) <= (${values})` : sql`(${columns}) >= (${values})`;
};

/**
 * The select of one page's ids, read over the order's index from the nearest bookmark before it, if measured; with
 * branches, merged from each branch's first `skip + size` rows from there (`Merge Append` of their ordered reads).
 */
const pageIdsQuery = (db: Database, source: ListSource, shape: ListShape, { page, size }: ListPaging): SQLWrapper => {
  const offset = pageOffset(page, size);
  const markIndex = Math.floor(offset / BOOKMARK_EVERY);
  const bookmark = markIndex > 0 ? shape.bookmarks?.[markIndex] : undefined;
  const seek = bookmark ? undefined : shape.seek;
  const from = bookmark ? fromBookmark(source.order, bookmark) : seek?.from;
  const skip = bookmark ? offset - markIndex * BOOKMARK_EVERY : offset - (seek?.before ?? 0);
  if (source.branches && source.branches.length > 1) {
    const { innerKeys, outerOrder } = sortKeys(source.order, 'merged');
    const reads = source.branches.map(
      (branch) => sql`(select ${source.id} as "id", ${innerKeys} from ${source.table}
        where ${allOf(branch, from)} order by ${orderSql(source.order)} limit ${skip + size})`,
    );
    // In parentheses, as a subquery (`inArray(id, ids)`) needs them; PostgreSQL runs it so as a statement too.
    return sql`(select "merged"."id" from (${sql.join(reads, sql` union all `)}) as "merged"
      order by ${outerOrder} limit ${size} offset ${skip})`;
  }
  return db
    .select({ id: source.id })
    .from(source.table)
    .where(allOf(source.where, from))
    .orderBy(orderSql(source.order))
    .limit(size)
    .offset(skip);
};

/** The ids of one page, read over the order's index from the nearest bookmark before it, if measured. */
export const pageIds = async (
  db: Database,
  source: ListSource,
  shape: ListShape,
  paging: ListPaging,
): Promise<number[]> =>
  rowsOf<{ id: unknown }>(await db.execute(pageIdsQuery(db, source, shape, paging))).map((row) => Number(row.id));

/** A deep page without bookmarks: where its rows start, when the source can say (`ListSource.seek`). */
const seekDeepPage = async (source: ListSource, shape: ListShape, paging: ListPaging): Promise<ListShape> => {
  if (!source.seek || shape.bookmarks || !isDeep(paging)) {
    return shape;
  }
  const seek = await source.seek(pageOffset(paging.page, paging.size));
  return seek ? { ...shape, seek } : shape;
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
  const shape = await seekDeepPage(source, await listShape(db, source, paging), paging);
  const ids = await pageIds(db, source, shape, paging);
  const loaded = ids.length > 0 ? await load(ids) : [];
  const byId = new Map(loaded.map((item) => [item.id, item]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return toPage(items, shape.total, paging.page, paging.size);
};

/**
 * One page as `queryList` answers it, in one statement less: `loadPage` is given the page's ids as a subquery (for
 * `inArray(id, ids)`) and answers the rows in the list's order. A list asked for often under load (the charges) saves a
 * round trip per request this way.
 */
export const queryListInOne = async <TItem>(
  db: Database,
  source: ListSource,
  paging: ListPaging,
  loadPage: (ids: SQLWrapper) => Promise<TItem[]>,
): Promise<TPaged<TItem>> => {
  const shape = await seekDeepPage(source, await listShape(db, source, paging), paging);
  const items = await loadPage(pageIdsQuery(db, source, shape, paging));
  return toPage(items, shape.total, paging.page, paging.size);
};
