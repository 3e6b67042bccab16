import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StationsPage = lazy(() =>
  import('@/features/stations/StationsPage').then((module) => ({ default: module.StationsPage })),
);

export const stationRoutes: RouteObject[] = [{ path: 'stations', element: <StationsPage /> }];
