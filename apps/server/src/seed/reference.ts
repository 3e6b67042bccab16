import type { Database } from '../db/client';
import { seedRoles } from '../modules/accounts/roles.seed';
import { seedConnectorTypes } from '../modules/connectors/connectors.service';
import { seedLocations } from '../modules/locations/locations.seed';

/**
 * Reference data every database needs before the first request: roles, connector types, countries and settlements.
 * It lives in TypeScript files rather than in migrations so that it reads as data; each seed is idempotent (a count
 * or an upsert on an already seeded database). A module with reference data adds one line here.
 */
export const REFERENCE_SEEDS: readonly { name: string; seed: (db: Database) => Promise<void> }[] = [
  { name: 'roles', seed: seedRoles },
  { name: 'connector types', seed: seedConnectorTypes },
  { name: 'locations', seed: seedLocations },
];

/**
 * The seed step, run by openDatabase right after the migrations and under the same lock, so that processes starting
 * together neither race nor serve a request before the data is there.
 */
export const seedReferenceData = async (db: Database): Promise<void> => {
  for (const { seed } of REFERENCE_SEEDS) {
    await seed(db);
  }
};
