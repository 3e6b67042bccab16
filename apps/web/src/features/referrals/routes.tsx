import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** `/list-of-referrals` (docs/product/promotions.md#2-screens). */
export const referralsRoutes: RouteObject[] = [
  {
    path: 'list-of-referrals',
    handle: { menu: 'referrals' } satisfies TRouteHandle,
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/referrals/ReferralsListPage');
        await module.textsReady;
        return module;
      },
      (m) => m.ReferralsListPage,
    ),
  },
];
