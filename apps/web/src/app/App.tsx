import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { routerFor } from '@/app/router';
import { sessionStore } from '@/lib/session';

/** Picks the router of the current area; a login, logout or failed refresh (here or in another tab) switches it. */
export const App = () => {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return <RouterProvider router={routerFor(session ? 'signedIn' : 'signedOut')} />;
};
