import { DEFAULT_PAGE_SIZE } from '@zaryad/contracts';

/** docs/product/common.md#2-screens: filter and search changes wait 500 ms before they reach the URL and the server. */
export const LIST_DEBOUNCE_MS = 500;
/** Select-all raises the size to the total; the server caps a page at 1000. */
export const MAX_PAGE_SIZE = 1000;

/** A filter as the URL holds it: one occurrence is a string, a repeated key a list, none undefined. */
export type TRawParam = string | string[] | undefined;
/**
 * Reads one filter from the URL; what it does not accept reads as its default. Plain functions rather than
 * zod schemas: a schema parser on every list screen costs ~14 KB gzip to check two or three values.
 */
export type TFilterReader<T> = (raw: TRawParam) => T;
/** A list's filters by URL name, e.g. `{ active: oneOf(['true', 'false']) }`; declare it at module level. */
export type TFilterShape = Record<string, TFilterReader<unknown>>;
export type TFilters<TShape extends TFilterShape> = { [TKey in keyof TShape]: ReturnType<TShape[TKey]> };

/** One of `values`, else undefined. */
export const oneOf =
  <const T extends string>(values: readonly T[]): TFilterReader<T | undefined> =>
  (raw) =>
    values.find((value) => value === raw);

/** Free text of at most `max` characters, else undefined. */
export const textParam =
  (max: number): TFilterReader<string | undefined> =>
  (raw) =>
    typeof raw === 'string' && raw.length <= max ? raw : undefined;

/** A whole number from 1 up, else undefined. */
export const positiveInt = (raw: string): number | undefined =>
  /^\d{1,15}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;

const single = (raw: TRawParam) => (typeof raw === 'string' ? raw : undefined);

/** A day, `YYYY-MM-DD`, else undefined. */
export const dayParam: TFilterReader<string | undefined> = (raw) => {
  const value = single(raw);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
};

/** The server takes ids up to 2^31 - 1; a longer number would only come back as a 400. */
const MAX_ID = 2_147_483_647;

/** A record's id, else undefined. */
export const readId = (raw: string): number | undefined => {
  const id = positiveInt(raw);
  return id !== undefined && id <= MAX_ID ? id : undefined;
};

/** A record's id in the URL (`search_by_user_id=7`), else undefined. */
export const idParam: TFilterReader<number | undefined> = (raw) => {
  const value = single(raw);
  return value === undefined ? undefined : readId(value);
};

/** A record's id as typed in a filter field: 1 to 10 digits, no leading zero. */
export const ID_TEXT = /^[1-9]\d{0,9}$/;

/** `HH:mm` of Asia/Bishkek (a time-of-day range's end), else undefined. */
export const clockParam: TFilterReader<string | undefined> = (raw) => {
  const value = single(raw);
  return value && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : undefined;
};

/** The shape the contracts take for money: an optional minus, digits, at most 2 decimals. */
export const MONEY_TEXT = /^-?\d{1,13}(\.\d{1,2})?$/;

/** A som amount as the API takes it (`-100.5`), else undefined. */
export const moneyParam: TFilterReader<string | undefined> = (raw) => {
  const value = single(raw);
  return value && MONEY_TEXT.test(value) ? value : undefined;
};

/** A filter that may repeat (`station_id__in=4&station_id__in=7`); one value is a one-item list, one bad item spoils it. */
export const listOf =
  <T>(readItem: (raw: string) => T | undefined): TFilterReader<T[] | undefined> =>
  (raw) => {
    if (raw === undefined) {
      return undefined;
    }
    const items = (typeof raw === 'string' ? [raw] : raw).map(readItem);
    return items.every((item) => item !== undefined) ? (items as T[]) : undefined;
  };
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
const readRaw = (searchParams: URLSearchParams, key: string): TRawParam => {
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
  filterShape: TShape,
): TListState<TShape> => {
  const filters: Record<string, unknown> = {};
  for (const [key, readFilter] of Object.entries(filterShape)) {
    filters[key] = readFilter(readRaw(searchParams, key));
  }
  return {
    page: readPositiveInt(searchParams.get('page'), 1, 1_000_000),
    size: readPositiveInt(searchParams.get('size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    search: (searchParams.get('search') ?? '').slice(0, 200),
    // Every key of the shape was filled by its own reader above.
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
