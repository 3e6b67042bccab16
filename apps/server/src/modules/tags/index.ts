// Tags: a titled catalogue (ru, en, ky) that merchants and stations carry.
import { defineDomain } from '../../platform/domain';
import { tagsRoutes } from './tags.routes';
import { seedTags } from './tags.seed';
import { createTagsService } from './tags.service';
import * as tagsTables from './tags.tables';

export { tags } from './tags.tables';
export { seedTags } from './tags.seed';

export const tagsDomain = defineDomain({
  name: 'tags',
  prefix: '/api/v1/common/tags',
  tables: tagsTables,
  services: ({ db }) => ({ tags: createTagsService(db) }),
  routes: tagsRoutes,
  seed: { demo: async ({ db }) => `Tags added: ${await seedTags(db)}.` },
});
