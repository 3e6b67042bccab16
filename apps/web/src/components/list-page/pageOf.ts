import type { TPaged } from '@zaryad/contracts';

/**
 * One page of a list the server answers whole (the roles): the list kit pages it like a server's, so the screen keeps
 * the same table, pager and URL paging.
 */
export const pageOf = <T>(items: readonly T[], { page, size }: { page: number; size: number }): TPaged<T> => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((page - 1) * size, page * size), page, pages, size, total: items.length };
};
