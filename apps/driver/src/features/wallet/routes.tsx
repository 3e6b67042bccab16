import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WalletPage = lazy(() => import('@/features/wallet/WalletPage').then((module) => ({ default: module.WalletPage })));
const StatementPage = lazy(() =>
  import('@/features/wallet/StatementPage').then((module) => ({ default: module.StatementPage })),
);
const CardsPage = lazy(() => import('@/features/wallet/CardsPage').then((module) => ({ default: module.CardsPage })));

export const walletRoutes: RouteObject[] = [
  { path: 'wallet', element: <WalletPage /> },
  { path: 'wallet/statement', element: <StatementPage /> },
  { path: 'wallet/cards', element: <CardsPage /> },
];
