import { Suspense, use, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageFallback } from '@/app/PageFallback';
import { routerFor, type TRouterArea } from '@/app/router';
import { sessionStore } from '@/lib/session';

const AreaRouter = ({ area }: { area: TRouterArea }) => <RouterProvider router={use(routerFor(area))} />;

/** Picks the router of the current area; a login, logout or failed refresh (here or in another tab) switches it. */
export const App = () => {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return (
    // The signed-in routes arrive as a chunk: the shell index.html painted stays drawn meanwhile.
    <Suspense fallback={<PageFallback />}>
      <AreaRouter area={session ? 'signedIn' : 'signedOut'} />
    </Suspense>
  );
};
