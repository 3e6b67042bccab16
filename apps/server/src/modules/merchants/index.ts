// Merchants: the site owners whose stations make up the network. Stations depend on merchants, never the reverse.
import { defineDomain } from '../../platform/domain';
import { merchantsRoutes } from './merchants.routes';
import { seedMerchants } from './merchants.seed';
import { createMerchantsService } from './merchants.service';
import * as merchantsTables from './merchants.tables';

export { merchantEnvironment, merchants, merchantTags } from './merchants.tables';
export { merchantNotFound } from './merchants.service';

export const merchantsDomain = defineDomain({
  name: 'merchants',
  prefix: '/api/v1/merchants',
  tables: merchantsTables,
  services: ({ db }) => ({ merchants: createMerchantsService(db) }),
  routes: merchantsRoutes,
  seed: { demo: async ({ db }) => `Merchants added: ${await seedMerchants(db)}.` },
});
