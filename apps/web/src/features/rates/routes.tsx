import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

const editPage = lazyPage(
  () => import('@/features/rates/RateEditPage'),
  (m) => m.RateEditPage,
);

/**
 * `/rates` and `rates/create`; `edit-rates/{id}` is the product's own path (docs/product/rates.md#2-screens), outside `/rates`, and still crumbs
 * under the Rates menu item.
 */
export const ratesRoutes: RouteObject[] = [
  {
    path: 'rates',
    handle: handle({ menu: 'rates' }),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('@/features/rates/RatesListPage'),
          (m) => m.RatesListPage,
        ),
      },
      {
        path: 'create',
        handle: handle({ crumb: 'create', permission: 'rates.create' }),
        lazy: lazyPage(
          () => import('@/features/rates/RateCreatePage'),
          (m) => m.RateCreatePage,
        ),
      },
    ],
  },
  {
    path: 'edit-rates/:id',
    handle: handle({ menu: 'rates', crumb: 'edit', permission: 'rates.edit' }),
    lazy: editPage,
  },
];
