import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle: TRouteHandle = { menu: 'chargersList' };

/** `/chargers-list` (docs/product/charges.md#2-screens): the charges; a user's and a station's appear on their own pages. */
export const chargesRoutes: RouteObject = {
  path: 'chargers-list',
  handle,
  lazy: lazyPage(
    () => import('@/features/charges/ChargesListPage'),
    (m) => m.ChargesListPage,
  ),
};
