import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ChargingPage = lazy(() =>
  import('@/features/charging/ChargingPage').then((module) => ({ default: module.ChargingPage })),
);

export const chargingRoutes: RouteObject[] = [{ path: 'charging', element: <ChargingPage /> }];
