import type { Database } from '../db/client';
import { DOMAINS } from '../modules';

/**
 * The seed step: reference data every database needs before the first request (roles, connector types, countries and
 * settlements), written by each domain's `seed.reference` in the order of modules/index.ts. It lives in TypeScript
 * files rather than in migrations so that it reads as data; each seed is idempotent (a count or an upsert on an
 * already seeded database). openDatabase runs it right after the migrations and under the same lock (callers pass it
 * as `seedReferenceData`), so that processes starting together neither race nor serve a request before the data is there.
 */
export const seedReferenceData = async (db: Database): Promise<void> => {
  for (const domain of DOMAINS) {
    await domain.seed.reference?.(db);
  }
};
