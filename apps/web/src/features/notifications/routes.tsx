import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

/** `/settings/webhooks` (docs/product/notifications.md#2-screens): under the settings item, for alerts.manage. */
export const webhooksRoutes: RouteObject = {
  path: 'settings/webhooks',
  handle: { menu: 'settings', permission: 'alerts.manage' } satisfies TRouteHandle,
  lazy: lazyPage(
    async () => {
      const module = await import('@/features/notifications/WebhooksPage');
      await module.textsReady;
      return module;
    },
    (m) => m.WebhooksPage,
  ),
};
