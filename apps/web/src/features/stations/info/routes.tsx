import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle: TRouteHandle = { menu: 'merchants', crumb: 'details', title: 'stationDetails', permission: 'stations.view' };

/** `merchant/{id}/station-info/{stationId}` (docs/product/stations.md#2-screens). */
export const stationInfoRoutes: RouteObject[] = [
  {
    path: 'merchant/:id/station-info/:stationId',
    handle,
    lazy: lazyPage(
      () => import('@/features/stations/info/StationInfoPage'),
      (m) => m.StationInfoPage,
    ),
  },
];
