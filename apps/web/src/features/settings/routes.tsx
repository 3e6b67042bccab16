import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** `/settings` (locales), the bottom item of the side menu. */
export const settingsRoutes: RouteObject = {
  path: 'settings',
  handle: { menu: 'settings' } satisfies TRouteHandle,
  lazy: lazyPage(
    () => import('@/features/settings/SettingsPage'),
    (m) => m.SettingsPage,
  ),
};
