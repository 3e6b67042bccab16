import type { RouteObject } from 'react-router';
import { RouteError } from '@/app/RouteError';
import { PageFallback } from '@/app/PageFallback';
import { accountsRoutes } from '@/features/accounts/routes';
import { infrastructureRoutes } from '@/features/infrastructure/routes';
import { menuItemsWithout, type TMenuItemKey } from '@/features/layout/menu';
import { merchantsRoutes } from '@/features/merchants/routes';
import { partnersRoutes } from '@/features/partners/routes';
import { ratesRoutes } from '@/features/rates/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { stationFormRoutes } from '@/features/stations/form/routes';
import { stationInfoRoutes } from '@/features/stations/info/routes';
import { tagsRoutes } from '@/features/tags/routes';
import { lazyPage } from '@/lib/lazyPage';

/** Menu items with a screen of their own; every other item shows 'This section is being prepared'. */
const BUILT: readonly TMenuItemKey[] = [
  'accounts',
  'merchants',
  'tags',
  'infrastructure',
  'rates',
  'softwareRentalPartners',
  'settings',
  'logout',
];

const preparingPage = lazyPage(
  () => import('@/features/layout/PreparingPage'),
  (m) => m.PreparingPage,
);

const preparingRoutes: RouteObject[] = menuItemsWithout(BUILT).map((item) =>
  item.path === '/'
    ? { index: true, handle: { menu: item.key }, lazy: preparingPage }
    : { path: item.path.slice(1), handle: { menu: item.key }, lazy: preparingPage },
);

/** The signed-in area: the layout around every screen. Each screen is its own chunk. */
export const signedInRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(
      () => import('@/features/layout/AppLayout'),
      (m) => m.AppLayout,
    ),
    HydrateFallback: PageFallback,
    errorElement: <RouteError />,
    children: [
      {
        // A screen that fails to render shows the error page inside the layout, so the menu still works.
        errorElement: <RouteError />,
        children: [
          ...preparingRoutes,
          accountsRoutes,
          ...merchantsRoutes,
          ...stationFormRoutes,
          ...stationInfoRoutes,
          ...ratesRoutes,
          partnersRoutes,
          settingsRoutes,
          tagsRoutes,
          infrastructureRoutes,
          {
            path: 'logout',
            lazy: lazyPage(
              () => import('@/features/layout/LogoutPage'),
              (m) => m.LogoutPage,
            ),
          },
          {
            path: '*',
            lazy: lazyPage(
              () => import('@/features/layout/NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
