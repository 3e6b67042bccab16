// Software rental partners: /api/v1/software-rental-partners/.
import { defineDomain } from '../../platform/domain';
import { partnersRoutes } from './partners.routes';
import { createPartnersService } from './partners.service';
import * as partnersTables from './partners.tables';

export { rentalPartners } from './partners.tables';

export const partnersDomain = defineDomain({
  name: 'partners',
  prefix: '/api/v1/software-rental-partners',
  tables: partnersTables,
  services: ({ db }) => ({ partners: createPartnersService(db) }),
  routes: partnersRoutes,
});
