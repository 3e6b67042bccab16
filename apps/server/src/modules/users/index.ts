// App users (the mobile app's drivers), their id tags and their balance ledger. Charges come after and use the ledger.
import { defineDomain } from '../../platform/domain';
import { usersExportRoutes } from './users.export';
import * as usersTables from './users.tables';

export { appUsers, balanceEntries, topUpRequests, userIdTags } from './users.tables';

export const usersDomain = defineDomain({
  name: 'users',
  prefix: '/api/v1/users',
  tables: usersTables,
  // The exports are their own route plugin under the same prefix; the users routes register next to them here.
  routes: async (app) => {
    await app.register(usersExportRoutes);
  },
});
