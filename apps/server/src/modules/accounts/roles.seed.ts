import type { Database } from '../../db/client';
import { roles } from './accounts.tables';

/** The built-in dashboard roles; names are defaults, the API translates known keys. */
export const BUILT_IN_ROLES = [
  { key: 'superadmin', name: 'Superadmin' },
  { key: 'manager', name: 'Manager' },
  { key: 'operator', name: 'Operator' },
] as const;

/**
 * Writes the built-in roles when missing. Migration 0001 wrote them first and stays as it is (applied migrations never
 * change); from now on a new role is added here. An existing role's name is left alone.
 */
export const seedRoles = async (db: Database): Promise<void> => {
  await db
    .insert(roles)
    .values([...BUILT_IN_ROLES])
    .onConflictDoNothing({ target: roles.key });
};
