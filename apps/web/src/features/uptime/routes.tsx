import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

/** `/uptime`: the uptime report (docs/product/uptime.md#2-screens); its texts load with it. */
export const uptimeRoutes: RouteObject[] = [
  {
    path: 'uptime',
    handle: handle({ menu: 'uptime' }),
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/uptime/UptimeReportPage');
        await module.textsReady;
        return module;
      },
      (m) => m.UptimeReportPage,
    ),
  },
];
