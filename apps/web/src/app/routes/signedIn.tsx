import type { RouteObject } from 'react-router';
import { FEATURES } from '@/app/features';
import { PageFallback } from '@/app/PageFallback';
import { RouteError } from '@/app/RouteError';
import { menuItemsWithout } from '@/app/layout/menu';
import { lazyPage } from '@/lib/lazyPage';

/** Menu items with a screen of their own; every other item shows 'This section is being prepared'. */
const BUILT = [...FEATURES.flatMap((feature) => feature.menu), 'logout' as const];

const preparingPage = lazyPage(
  () => import('@/app/layout/PreparingPage'),
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
      () => import('@/app/layout/AppLayout'),
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
          ...FEATURES.flatMap((feature) => feature.routes),
          {
            path: 'logout',
            lazy: lazyPage(
              () => import('@/app/layout/LogoutPage'),
              (m) => m.LogoutPage,
            ),
          },
          {
            path: '*',
            lazy: lazyPage(
              () => import('@/app/layout/NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
