import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { geocoderCache } from './geo.tables';

export const CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface GeoCache {
  /** A stored answer younger than the time to live, or undefined. */
  get(key: string): Promise<unknown>;
  put(key: string, answer: unknown): Promise<void>;
}

export const createGeoCache = (db: Database, ttlMs = CACHE_TTL_MS): GeoCache => ({
  async get(key) {
    const [row] = await db
      .select({ answer: geocoderCache.answer })
      .from(geocoderCache)
      .where(and(eq(geocoderCache.key, key), gt(geocoderCache.fetchedAt, new Date(Date.now() - ttlMs))))
      .limit(1);
    return row?.answer;
  },
  async put(key, answer) {
    const fetchedAt = new Date();
    // Two processes may miss the same key at once: the later answer simply wins.
    await db
      .insert(geocoderCache)
      .values({ key, answer, fetchedAt })
      .onConflictDoUpdate({ target: geocoderCache.key, set: { answer, fetchedAt } });
  },
});
