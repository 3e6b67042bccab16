// App users (the mobile app's drivers), their id tags and their balance ledger. Charges come after and use the ledger.
import { defineDomain } from '../../platform/domain';
import { describeDemoUsers, seedUsers } from './users.seed';
import * as usersTables from './users.tables';

export { appUsers, balanceEntries, topUpRequests, userIdTags } from './users.tables';

export const usersDomain = defineDomain({
  name: 'users',
  prefix: '/api/v1/users',
  tables: usersTables,
  // After accounts in the list: the demo operators and the manager make the top-ups.
  seed: { demo: async ({ db }) => describeDemoUsers(await seedUsers(db)) },
});
