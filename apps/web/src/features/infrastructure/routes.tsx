import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle: TRouteHandle = { menu: 'infrastructure' };

/** `/infrastructure` (docs/product/catalogues.md#2-screens): the list; creating and editing happen in the wizard drawer over it. */
export const infrastructureRoutes: RouteObject = {
  path: 'infrastructure',
  handle,
  lazy: lazyPage(
    () => import('@/features/infrastructure/InfrastructureListPage'),
    (m) => m.InfrastructureListPage,
  ),
};
