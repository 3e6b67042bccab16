// The global search of the header: /api/v1/search/ (docs/product/search.md).
import { defineDomain } from '../../platform/domain';
import { searchRoutes } from './search.routes';
import { createSearchService } from './search.service';

export const searchDomain = defineDomain({
  name: 'search',
  prefix: '/api/v1/search',
  services: ({ db }) => ({ search: createSearchService(db) }),
  routes: searchRoutes,
});
