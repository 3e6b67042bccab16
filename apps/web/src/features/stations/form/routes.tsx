import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

const formPage = lazyPage(
  () => import('@/features/stations/form/StationFormPage'),
  (m) => m.StationFormPage,
);

/** The station form's two routes under the merchant (docs/product/stations.md#2-screens). */
export const stationFormRoutes: RouteObject[] = [
  {
    path: 'merchant/:id/create-station',
    handle: handle({ menu: 'merchants', crumb: 'createStation', title: 'stationCreate', permission: 'stations.create' }),
    lazy: formPage,
  },
  {
    path: 'merchant/:id/edit-station/:stationId',
    handle: handle({ menu: 'merchants', crumb: 'edit', title: 'stationEdit', permission: 'stations.edit' }),
    lazy: formPage,
  },
];
