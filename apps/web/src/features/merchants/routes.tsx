import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

const formPage = lazyPage(
  () => import('@/features/merchants/MerchantFormPage'),
  (m) => m.MerchantFormPage,
);

/**
 * `/merchants`, `merchant/{id}` and `create-edit-merchant/{id?}` (docs/product/merchants.md#2-screens). The station screens
 * under `merchant/{id}/...` belong to the station form's routes.
 */
export const merchantsRoutes: RouteObject[] = [
  {
    path: 'merchants',
    handle: handle({ menu: 'merchants' }),
    lazy: lazyPage(
      () => import('@/features/merchants/MerchantsListPage'),
      (m) => m.MerchantsListPage,
    ),
  },
  {
    path: 'merchant/:id',
    handle: handle({ menu: 'merchants', crumb: 'details', title: 'merchantDetails' }),
    lazy: lazyPage(
      () => import('@/features/merchants/MerchantDetailPage'),
      (m) => m.MerchantDetailPage,
    ),
  },
  {
    path: 'create-edit-merchant',
    handle: handle({ menu: 'merchants', crumb: 'create', title: 'merchantCreate', permission: 'merchants.create' }),
    lazy: formPage,
  },
  {
    path: 'create-edit-merchant/:id',
    handle: handle({ menu: 'merchants', crumb: 'edit', title: 'merchantEdit', permission: 'merchants.edit' }),
    lazy: formPage,
  },
];
