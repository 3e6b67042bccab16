import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StartPage = lazy(() => import('@/features/charging/StartPage').then((module) => ({ default: module.StartPage })));
const ChargingPage = lazy(() =>
  import('@/features/charging/ChargingPage').then((module) => ({ default: module.ChargingPage })),
);
const ChargesPage = lazy(() =>
  import('@/features/charging/ChargesPage').then((module) => ({ default: module.ChargesPage })),
);
const ReceiptPage = lazy(() =>
  import('@/features/charging/ReceiptPage').then((module) => ({ default: module.ReceiptPage })),
);

/** Charging (docs/product/driver-app.md#2-screens): a connector's QR link, the live charge, receipts and history. */
export const chargingRoutes: RouteObject[] = [
  { path: 'stations/:stationId/connectors/:connectorId', element: <StartPage /> },
  { path: 'charging', element: <ChargingPage /> },
  { path: 'charges', element: <ChargesPage /> },
  { path: 'charges/:id', element: <ReceiptPage /> },
];
