import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WalletPage = lazy(() => import('@/features/wallet/WalletPage').then((module) => ({ default: module.WalletPage })));

export const walletRoutes: RouteObject[] = [{ path: 'wallet', element: <WalletPage /> }];
