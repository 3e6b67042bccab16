// Saved views of the charges, users and statement lists: /api/v1/saved-views/ (docs/product/search.md#saved-views).
import { defineDomain } from '../../platform/domain';
import { savedViewsRoutes } from './saved-views.routes';
import { createSavedViewsService } from './saved-views.service';
import * as savedViewsTables from './saved-views.tables';

export { savedViews } from './saved-views.tables';

export const savedViewsDomain = defineDomain({
  name: 'saved-views',
  prefix: '/api/v1/saved-views',
  tables: savedViewsTables,
  services: ({ db }) => ({ savedViews: createSavedViewsService(db) }),
  routes: savedViewsRoutes,
});
