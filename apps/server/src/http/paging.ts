import type { TPaged } from '@zaryad/contracts';

/** Offset of a page: pages are numbered from 1. */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

/** The paged answer shared by every list: `{items, page, pages, size, total}`; an empty list has one empty page. */
export const toPage = <T>(items: T[], total: number, page: number, size: number): TPaged<T> => ({
  items,
  page,
  pages: Math.max(1, Math.ceil(total / size)),
  size,
  total,
});

/** Escapes LIKE wildcards so that a search for `50%` matches the text literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of a list: its total and its rows, asked together. Every list answers the same way, so the count,
 * the offset and the paged shape are written here once.
 */
export const queryPage = async <TRow, TItem>(
  query: {
    total: () => PromiseLike<{ total: number }[]>;
    rows: (limit: number, offset: number) => PromiseLike<TRow[]>;
  },
  toItem: (row: TRow) => TItem,
  { page, size }: { page: number; size: number },
): Promise<TPaged<TItem>> => {
  const [[totalRow], rows] = await Promise.all([query.total(), query.rows(size, pageOffset(page, size))]);
  return toPage(rows.map(toItem), totalRow?.total ?? 0, page, size);
};
