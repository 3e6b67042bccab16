import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle: TRouteHandle = { menu: 'tags' };

/** `/tags` (docs/product/catalogues.md#2-screens): the list; creating and editing happen in the wizard drawer over it. */
export const tagsRoutes: RouteObject = {
  path: 'tags',
  handle,
  lazy: lazyPage(
    () => import('@/features/tags/TagsListPage'),
    (m) => m.TagsListPage,
  ),
};
