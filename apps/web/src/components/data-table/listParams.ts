import { DEFAULT_PAGE_SIZE } from '@zaryad/contracts';
// zod/mini: the same core as the contract's schemas without the chainable classes (~10 KB less gzip on
// every list screen). Filter schemas may be written with either flavour.
import * as z from 'zod/mini';

/** SPEC.md section 2: filter and search changes wait 500 ms before they reach the URL and the server. */
export const LIST_DEBOUNCE_MS = 500;
/** Select-all raises the size to the total; the server caps a page at 1000. */
export const MAX_PAGE_SIZE = 1000;

export type TFilterShape = z.core.$ZodShape;
/** A `z.object(...)` of filters, from `zod/mini` or `zod`. */
export type TFilterSchema<TShape extends TFilterShape> = { shape: TShape };
export type TFilters<TShape extends TFilterShape> = z.output<z.ZodMiniObject<TShape>>;
export type TListState<TShape extends TFilterShape> = {
  page: number;
  size: number;
  search: string;
  filters: TFilters<TShape>;
};

const readPositiveInt = (raw: string | null, fallback: number, max: number): number => {
  if (raw === null || !/^\d+$/.test(raw)) {
    return fallback;
  }
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
};

/** One repeated key is an array, one occurrence a string, none undefined: what a filter schema receives. */
const readRaw = (searchParams: URLSearchParams, key: string): string | string[] | undefined => {
  const values = searchParams.getAll(key);
  if (values.length === 0) {
    return undefined;
  }
  return values.length === 1 ? values[0] : values;
};

/**
 * Reads a list's state from the URL. Each filter is parsed on its own, so one bad value (a hand-edited
 * link, an old bookmark) falls back to that filter's default instead of discarding the others.
 */
export const readListParams = <TShape extends TFilterShape>(
  searchParams: URLSearchParams,
  filtersSchema: TFilterSchema<TShape>,
): TListState<TShape> => {
  const filters: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(filtersSchema.shape)) {
    const parsed = z.safeParse(fieldSchema, readRaw(searchParams, key));
    const fallback = parsed.success ? parsed : z.safeParse(fieldSchema, undefined);
    filters[key] = fallback.success ? fallback.data : undefined;
  }
  return {
    page: readPositiveInt(searchParams.get('page'), 1, 1_000_000),
    size: readPositiveInt(searchParams.get('size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    search: (searchParams.get('search') ?? '').slice(0, 200),
    // Every key of the shape was filled from its own schema above.
    filters: filters as TFilters<TShape>,
  };
};

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const DEFAULTS: Record<string, string> = { page: '1', size: String(DEFAULT_PAGE_SIZE) };

/**
 * Writes changes into a copy of the URL's params. Empty values and defaults are dropped, so a link holds
 * only what narrows the list; params the list does not own (tabs, for instance) are kept.
 */
export const writeListParams = (current: URLSearchParams, changes: Record<string, unknown>): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (isEmpty(value)) {
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = item instanceof Date ? item.toISOString() : String(item);
      if (DEFAULTS[key] !== text) {
        next.append(key, key === 'search' ? text.trim() : text);
      }
    }
  }
  return next;
};

/** The query an API hook sends: page, size, search and the filters with empty values left out. */
export const toListQuery = <TShape extends TFilterShape>(state: TListState<TShape>) => {
  const query: Record<string, unknown> = { page: state.page, size: state.size };
  if (state.search.trim() !== '') {
    query.search = state.search.trim();
  }
  for (const [key, value] of Object.entries(state.filters)) {
    if (!isEmpty(value)) {
      query[key] = value;
    }
  }
  return query as { page: number; size: number; search?: string } & Partial<TFilters<TShape>>;
};

/** A filter that may repeat in the URL (`status=0&status=1`): one value is read as a one-item list. */
export const urlList = <T extends z.core.$ZodType>(item: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? [value] : value)),
    z.optional(z.array(item)),
  );
