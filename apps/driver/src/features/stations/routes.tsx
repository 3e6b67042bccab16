import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StationsPage = lazy(() =>
  import('@/features/stations/StationsPage').then((module) => ({ default: module.StationsPage })),
);
const StationPage = lazy(() =>
  import('@/features/stations/StationPage').then((module) => ({ default: module.StationPage })),
);

export const stationRoutes: RouteObject[] = [
  { path: 'stations', element: <StationsPage /> },
  { path: 'stations/:id', element: <StationPage /> },
];
