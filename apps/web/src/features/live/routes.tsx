import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

/** `/live`: the live board (docs/product/live.md#2-screens); its texts load with it. */
export const liveRoutes: RouteObject[] = [
  {
    path: 'live',
    handle: handle({ menu: 'live' }),
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/live/LiveBoardPage');
        await module.textsReady;
        return module;
      },
      (m) => m.LiveBoardPage,
    ),
  },
];
