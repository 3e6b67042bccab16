import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const incidentsPage = lazyPage(
  async () => {
    const module = await import('@/features/alerts/IncidentsPage');
    await module.textsReady();
    return module;
  },
  (m) => m.IncidentsPage,
);

/**
 * `/incidents` (with `?id=` or `/incidents/:id` opening one) and `/settings/alerts`, the alert rules
 * (docs/product/alerts.md#2-screens); their texts load with them.
 */
export const alertsRoutes: RouteObject[] = [
  { path: 'incidents', handle: { menu: 'incidents' } satisfies TRouteHandle, lazy: incidentsPage },
  { path: 'incidents/:id', handle: { menu: 'incidents' } satisfies TRouteHandle, lazy: incidentsPage },
  {
    path: 'settings/alerts',
    handle: { menu: 'settings', permission: 'alerts.view' } satisfies TRouteHandle,
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/alerts/AlertRulesPage');
        await module.textsReady();
        return module;
      },
      (m) => m.AlertRulesPage,
    ),
  },
];
