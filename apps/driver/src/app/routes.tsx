import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '@/app/NotFound';
import { RequireDriver } from '@/app/RequireDriver';
import { Shell } from '@/app/Shell';
import { authRoutes } from '@/features/auth/routes';
import { chargingRoutes } from '@/features/charging/routes';
import { contentRoutes } from '@/features/content/routes';
import { profileRoutes } from '@/features/profile/routes';
import { stationRoutes } from '@/features/stations/routes';
import { walletRoutes } from '@/features/wallet/routes';

/**
 * The app's routes under /app/ (docs/product/driver-app.md): the sign-in, then the signed-in screens in the shell.
 * Each feature owns its routes (its `routes.tsx`), each screen a lazy chunk of its own.
 */
export const routes: RouteObject[] = [
  ...authRoutes,
  {
    element: (
      <RequireDriver>
        <Shell />
      </RequireDriver>
    ),
    children: [
      { index: true, element: <Navigate to="/stations" replace /> },
      ...stationRoutes,
      ...chargingRoutes,
      ...walletRoutes,
      ...profileRoutes,
      ...contentRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
