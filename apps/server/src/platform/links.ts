import { asc, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * The ids a link table ties to each of `ids` (a promotion's or a banner's stations), ascending: one query for a page of
 * records. An id with no links has no entry.
 */
export const linkedIds = async (
  db: Database,
  link: { table: PgTable; owner: PgColumn; linked: PgColumn },
  ids: readonly number[],
): Promise<Map<number, number[]>> => {
  const byOwner = new Map<number, number[]>();
  if (ids.length === 0) {
    return byOwner;
  }
  const rows = await db
    .select({ owner: link.owner, linked: link.linked })
    .from(link.table)
    .where(inArray(link.owner, [...ids]))
    .orderBy(asc(link.linked));
  for (const row of rows as { owner: number; linked: number }[]) {
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.linked]);
  }
  return byOwner;
};
