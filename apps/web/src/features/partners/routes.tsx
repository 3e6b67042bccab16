import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** `/software-rental-partners`: create and edit happen in a drawer on the list. */
export const partnersRoutes: RouteObject = {
  path: 'software-rental-partners',
  handle: { menu: 'softwareRentalPartners' } satisfies TRouteHandle,
  lazy: lazyPage(
    () => import('@/features/partners/PartnersListPage'),
    (m) => m.PartnersListPage,
  ),
};
