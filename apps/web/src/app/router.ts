import { createBrowserRouter } from 'react-router';
import { signedInRoutes } from '@/app/routes/signedIn';
import { signedOutRoutes } from '@/app/routes/signedOut';

export type TRouterArea = 'signedIn' | 'signedOut';
type TRouter = ReturnType<typeof createBrowserRouter>;

let current: { area: TRouterArea; router: TRouter } | null = null;

/**
 * One data router per area (SPEC.md section 4: without both tokens the signed-out router is used). Switching
 * area disposes the old router, so only one listens to the history, and the new one starts at the current
 * URL: a deep link opened while signed out shows that screen right after the login.
 */
export const routerFor = (area: TRouterArea): TRouter => {
  if (current?.area !== area) {
    current?.router.dispose();
    current = { area, router: createBrowserRouter(area === 'signedIn' ? signedInRoutes : signedOutRoutes) };
  }
  return current.router;
};
