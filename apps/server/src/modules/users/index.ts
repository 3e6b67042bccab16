// App users (the mobile app's drivers), their id tags and their balance ledger. Charges come after and use the ledger.
import type { FastifyInstance } from 'fastify';
import { defineDomain } from '../../platform/domain';
import { usersExportRoutes } from './users.export';
import { usersRoutes } from './users.routes';
import { describeDemoUsers, SMALL_DEMO_USERS, seedUsers } from './users.seed';
import { type CorrectionsService, createCorrectionsService } from './users.corrections';
import { createUsersService, type UsersService } from './users.service';
import * as usersTables from './users.tables';

export { appSessions, appUsers, balanceEntries, chargeHolds, topUpRequests, userIdTags } from './users.tables';
export { availableLocked, heldBy, heldByUsers, lockDriver, lockDrivers, otherHoldsOf } from './balance-holds';
export { userDevices } from './user-devices';
export {
  bookEntryOnce,
  entryResult,
  type LedgerRequest,
  reasonComment,
  requestFingerprint,
  selectEntries,
  type TLedgerOutcome,
  toEntry,
} from './ledger-entries';
export { PAYMENT_METHOD_WORDS } from './users.export';
export { DEMO_YEAR_DAYS, demoTopUpCredits } from './users.seed';

export interface UsersServices {
  users: UsersService;
  corrections: CorrectionsService;
}

/**
 * Every route plugin of /api/v1/users/, in one list: the list, the user, statuses, top-ups, corrections and the
 * statement (users.routes.ts), and beside them the exports (users.export.ts).
 */
const USERS_ROUTE_PLUGINS = [usersRoutes, usersExportRoutes] as const;

const usersRoutePlugins = async (app: FastifyInstance, { users, corrections }: UsersServices) => {
  // Registered under this plugin, each inherits the domain's prefix; passing on only the services keeps it from
  // being added twice.
  for (const plugin of USERS_ROUTE_PLUGINS) {
    await app.register(plugin, { users, corrections });
  }
};

export const usersDomain = defineDomain({
  name: 'users',
  prefix: '/api/v1/users',
  tables: usersTables,
  services: ({ db }): UsersServices => ({ users: createUsersService(db), corrections: createCorrectionsService(db) }),
  routes: usersRoutePlugins,
  // After accounts in the list: the demo operators and the manager make the top-ups (booked by the charges' seed).
  seed: {
    demo: async ({ db, scale }) =>
      describeDemoUsers(await seedUsers(db, scale === 'small' ? { count: SMALL_DEMO_USERS } : {})),
  },
});
