import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { signedOutRoutes } from '@/app/routes/signedOut';

export type TRouterArea = 'signedIn' | 'signedOut';
type TRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The signed-in area's route tree (every feature's routes, the menu, the map of their chunks) is a chunk of its own:
 * the login screen, the first download, does not carry it (its budget is 150 KB gzip).
 */
const ROUTES: Record<TRouterArea, () => RouteObject[] | Promise<RouteObject[]>> = {
  signedIn: async () => (await import('@/app/routes/signedIn')).signedInRoutes,
  signedOut: () => signedOutRoutes,
};

let current: { area: TRouterArea; router: Promise<TRouter> } | null = null;

/**
 * One data router per area (docs/product/common.md#4-states-and-rules: without both tokens the signed-out router is used). Switching
 * area disposes the old router, so only one listens to the history, and the new one starts at the current
 * URL: a deep link opened while signed out shows that screen right after the login. The same promise is answered
 * until the area changes, so React's `use` can wait on it.
 */
export const routerFor = (area: TRouterArea): Promise<TRouter> => {
  if (current?.area !== area) {
    const previous = current?.router;
    current = {
      area,
      router: Promise.resolve(ROUTES[area]()).then(async (routes) => {
        (await previous)?.dispose();
        return createBrowserRouter(routes);
      }),
    };
  }
  return current.router;
};
