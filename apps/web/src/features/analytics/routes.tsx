import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** The screen's chunk, then its texts (kept out of the language chunks, locales/<language>/lazy/). */
const withTexts = async <TModule extends { textsReady: Promise<void> }>(
  load: () => Promise<TModule>,
): Promise<TModule> => {
  const module = await load();
  await module.textsReady;
  return module;
};

const handle = (value: TRouteHandle) => value;

/** `/` (the dashboard, its charts loaded only with it) and `/heat-map` (Leaflet and its heat layer) (docs/product/analytics.md#2-screens). */
export const analyticsRoutes: RouteObject[] = [
  {
    index: true,
    handle: handle({ menu: 'dashboard' }),
    lazy: lazyPage(
      () => withTexts(() => import('@/features/analytics/AnalyticsScreens')),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'heat-map',
    handle: handle({ menu: 'heatMap' }),
    lazy: lazyPage(
      () => withTexts(() => import('@/features/analytics/AnalyticsScreens')),
      (m) => m.HeatMapPage,
    ),
  },
];
