import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { onSessionChange, readSession } from '@/lib/session';

/** Whether a driver is signed in, following the sign-in as it begins and ends (a refused refresh ends it). */
export const useSignedIn = () =>
  useSyncExternalStore(
    onSessionChange,
    () => readSession() !== null,
    () => false,
  );

/** The signed-in screens: a visitor goes to the sign-in, and comes back where they were headed afterwards. */
export const RequireDriver = ({ children }: { children: ReactNode }) => {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
};
