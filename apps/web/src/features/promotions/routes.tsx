import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** The screen's chunk, then its texts (locales/<language>/lazy/promotions.ts). */
const withTexts = async <TModule extends { textsReady: Promise<void> }>(
  load: () => Promise<TModule>,
): Promise<TModule> => {
  const module = await load();
  await module.textsReady;
  return module;
};

const formPage = lazyPage(
  () => withTexts(() => import('@/features/promotions/PromotionFormPage')),
  (m) => m.PromotionFormPage,
);

/** `/promotions`, `creating-promotion/{id?}` and `/promotions-report` (docs/product/promotions.md#2-screens). */
export const promotionsRoutes: RouteObject[] = [
  {
    path: 'promotions',
    handle: { menu: 'promotions' } satisfies TRouteHandle,
    lazy: lazyPage(
      () => withTexts(() => import('@/features/promotions/PromotionsPage')),
      (m) => m.PromotionsPage,
    ),
  },
  {
    path: 'promotions-report',
    handle: { menu: 'promotions', crumb: 'report', title: 'promotionsReport' } satisfies TRouteHandle,
    lazy: lazyPage(
      () => withTexts(() => import('@/features/promotions/PromotionsReportPage')),
      (m) => m.PromotionsReportPage,
    ),
  },
  {
    path: 'creating-promotion',
    handle: {
      menu: 'promotions',
      crumb: 'create',
      title: 'promotionCreate',
      permission: 'promotions.create',
    } satisfies TRouteHandle,
    lazy: formPage,
  },
  {
    path: 'creating-promotion/:id',
    handle: {
      menu: 'promotions',
      crumb: 'edit',
      title: 'promotionEdit',
      permission: 'promotions.edit',
    } satisfies TRouteHandle,
    lazy: formPage,
  },
];
