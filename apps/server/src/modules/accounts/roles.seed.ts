import { PERMISSIONS, splitPermission, type TPermission, type TPermissionDomain } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles } from './accounts.tables';

/** Who manages the dashboard itself: only the superadmin holds these. */
const ADMINISTRATION: readonly TPermissionDomain[] = ['accounts', 'roles'];
/** The charging network an operator runs. */
const NETWORK: readonly TPermissionDomain[] = ['merchants', 'stations', 'tags', 'infrastructure'];
/** Administration plus the audit log: out of reach of the read-only roles. */
const STAFF_ONLY: readonly TPermissionDomain[] = [...ADMINISTRATION, 'audit'];

const permissionsWhere = (rule: (domain: TPermissionDomain, action: string) => boolean): TPermission[] =>
  PERMISSIONS.filter((permission) => {
    const { domain, action } = splitPermission(permission);
    return rule(domain, action);
  });

const isReading = (action: string) => action === 'view' || action === 'export';

/** Actions that move money back or by hand (issue 39): the finance role's and the managers', never a read-only role's. */
const MONEY_ACTIONS: readonly string[] = ['refund', 'correct'];

/**
 * The built-in roles, as rules over the catalogue rather than lists: a permission a later domain adds reaches them on the
 * next start. Names are defaults; the API answers the translated `role_<key>` message.
 */
export const BUILT_IN_ROLES: readonly { key: string; name: string; permissions: TPermission[] }[] = [
  { key: 'superadmin', name: 'Superadmin', permissions: [...PERMISSIONS] },
  { key: 'manager', name: 'Manager', permissions: permissionsWhere((domain) => !ADMINISTRATION.includes(domain)) },
  {
    key: 'operator',
    name: 'Operator',
    // The network without its exports, app users and their charges (stop included, not refunds); tariffs and partners
    // read-only; incidents (not the rules); no money, no accounts.
    permissions: permissionsWhere(
      (domain, action) =>
        (NETWORK.includes(domain) && action !== 'export') ||
        (domain === 'users' && action !== 'export') ||
        (domain === 'charges' && action !== 'export' && !MONEY_ACTIONS.includes(action)) ||
        (domain === 'alerts' && action !== 'manage') ||
        ((domain === 'rates' || domain === 'partners') && action === 'view'),
    ),
  },
  {
    key: 'finance',
    name: 'Finance',
    // Reads everything outside administration, exports all of it, and moves money: tops balances up, corrects them,
    // refunds charges and card payments; edits nothing else.
    permissions: permissionsWhere(
      (domain, action) =>
        !STAFF_ONLY.includes(domain) &&
        (isReading(action) || (domain === 'balances' && action === 'top_up') || MONEY_ACTIONS.includes(action)),
    ),
  },
  {
    key: 'analyst',
    name: 'Analyst',
    permissions: permissionsWhere((domain, action) => !STAFF_ONLY.includes(domain) && isReading(action)),
  },
];

/**
 * Writes the built-in roles and their permissions at a start when the code changed them, so that the code stays their
 * one source: they are read-only through the API. Existing ones are updated in place rather than upserted, since an
 * upsert would use up a sequence value per role on every start. Runs under the migration lock (seed/reference.ts).
 * Migration 0001 wrote the first three and stays as it is.
 */
export const seedRoles = async (db: Database): Promise<void> => {
  const existing = new Map(
    (
      await db
        .select({ key: roles.key, name: roles.name, isBuiltIn: roles.isBuiltIn, permissions: roles.permissions })
        .from(roles)
    ).map((row) => [row.key, row]),
  );
  for (const role of BUILT_IN_ROLES) {
    const row = existing.get(role.key);
    if (!row) {
      await db
        .insert(roles)
        .values({ ...role, isBuiltIn: true })
        .onConflictDoNothing({ target: roles.key });
    } else if (!sameRole(row, role)) {
      // Only a role the code changed is written: a start with nothing new writes nothing.
      await db
        .update(roles)
        .set({ name: role.name, isBuiltIn: true, permissions: role.permissions })
        .where(eq(roles.key, role.key));
    }
  }
};

const sameRole = (
  row: { name: string; isBuiltIn: boolean; permissions: readonly string[] },
  role: (typeof BUILT_IN_ROLES)[number],
) =>
  row.isBuiltIn &&
  row.name === role.name &&
  row.permissions.length === role.permissions.length &&
  row.permissions.every((permission, index) => permission === role.permissions[index]);
