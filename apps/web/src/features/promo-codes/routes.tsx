import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** `/list-of-promotional-codes` (docs/product/promotions.md#2-screens). */
export const promoCodesRoutes: RouteObject[] = [
  {
    path: 'list-of-promotional-codes',
    handle: { menu: 'promoCodes' } satisfies TRouteHandle,
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/promo-codes/PromoCodesPage');
        await module.textsReady;
        return module;
      },
      (m) => m.PromoCodesPage,
    ),
  },
];
