import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/**
 * The screen's chunk, then its texts, which are kept out of the language chunks (locales/<language>/lazy/): each
 * screen module starts loading them (`textsReady`) as soon as it is fetched.
 */
const withTexts = async <TModule extends { textsReady: Promise<void> }>(
  load: () => Promise<TModule>,
): Promise<TModule> => {
  const module = await load();
  await module.textsReady;
  return module;
};

const handle = (value: TRouteHandle) => value;

const formPage = lazyPage(
  () => withTexts(() => import('@/features/banners/BannerFormPage')),
  (m) => m.BannerFormPage,
);

/** `/banners` with its four tabs, `/banners/create-banner/{id?}` and `/banners/create-fullscr/{id?}` (docs/product/banners.md#2-screens). */
export const bannersRoutes: RouteObject[] = [
  {
    path: 'banners',
    handle: handle({ menu: 'banners' }),
    lazy: lazyPage(
      () => withTexts(() => import('@/features/banners/BannersPage')),
      (m) => m.BannersPage,
    ),
  },
  ...(['create-banner', 'create-fullscr'] as const).flatMap((form) => [
    {
      path: `banners/${form}`,
      handle: handle({ menu: 'banners', crumb: 'create', title: 'bannerCreate', permission: 'banners.create' }),
      lazy: formPage,
    },
    {
      path: `banners/${form}/:id`,
      handle: handle({ menu: 'banners', crumb: 'edit', title: 'bannerEdit', permission: 'banners.edit' }),
      lazy: formPage,
    },
  ]),
];
