// Infrastructure around a site (the API calls it `environment`): a titled catalogue with an SVG icon each.
import { defineDomain } from '../../platform/domain';
import { surroundingsRoutes } from './surroundings.routes';
import { seedSurroundings } from './surroundings.seed';
import { createSurroundingsService } from './surroundings.service';
import * as surroundingsTables from './surroundings.tables';

export { surroundings } from './surroundings.tables';

/** Where its icons go under DATA_DIR/uploads. */
const UPLOADS_FOLDER = 'surroundings';

export const surroundingsDomain = defineDomain({
  name: 'surroundings',
  prefix: '/api/v1/common/surroundings',
  tables: surroundingsTables,
  services: ({ db, storage }) => ({ surroundings: createSurroundingsService(db, storage(UPLOADS_FOLDER)) }),
  routes: surroundingsRoutes,
  seed: {
    demo: async ({ db, storage }) => `Infrastructure items added: ${await seedSurroundings(db, storage(UPLOADS_FOLDER))}.`,
  },
});
