import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

// One screen for the three addresses: the list, with the catalogue drawer open on `create` and `edit-rates/{id}`.
const listPage = lazyPage(
  () => import('@/features/rates/RatesListPage'),
  (m) => m.RatesListPage,
);

/**
 * `/rates` and `rates/create`; `edit-rates/{id}` is the product's own path (docs/product/rates.md#2-screens), outside `/rates`, and still crumbs
 * under the Rates menu item. Create and edit are the catalogue drawer over the list (issue 33, item 6).
 */
export const ratesRoutes: RouteObject[] = [
  {
    path: 'rates',
    handle: handle({ menu: 'rates' }),
    children: [
      { index: true, lazy: listPage },
      {
        path: 'create',
        handle: handle({ crumb: 'create', title: 'rateCreate', permission: 'rates.create' }),
        lazy: listPage,
      },
    ],
  },
  {
    path: 'edit-rates/:id',
    handle: handle({ menu: 'rates', crumb: 'edit', title: 'rateEdit', permission: 'rates.edit' }),
    lazy: listPage,
  },
];
