import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Holds in-app navigation while `isDirty` (the caller shows LeavePageGuardModal) and asks the browser for
 * its own prompt on reload or close. Needs a data router (createBrowserRouter / createMemoryRouter).
 *
 * After a successful save, call `allowNavigation()` before `navigate(...)`: the form may still read as
 * dirty until the next render, and the save must not be questioned.
 */
export const useLeavePageGuard = (isDirty: boolean) => {
  const isDirtyRef = useRef(isDirty);
  const isAllowedRef = useRef(false);

  useEffect(() => {
    isDirtyRef.current = isDirty;
    if (isDirty) {
      isAllowedRef.current = false;
    }
  }, [isDirty]);

  // Read through refs so the blocker sees the latest answer without being re-registered each render. Only another page
  // is asked about: a list's own search, filters or page written to the URL under an open edit drawer (a debounced
  // search landing after the drawer opened) leave the form where it is.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirtyRef.current && !isAllowedRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) {
      return undefined;
    }
    const askBrowser = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askBrowser);
    return () => {
      window.removeEventListener('beforeunload', askBrowser);
    };
  }, [isDirty]);

  // Saved or reverted while the question was open: let the held navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !isDirty) {
      blocker.proceed();
    }
  }, [blocker, isDirty]);

  const stay = useCallback(() => {
    if (blocker.state === 'blocked') {
      blocker.reset();
    }
  }, [blocker]);

  const leave = useCallback(() => {
    if (blocker.state === 'blocked') {
      blocker.proceed();
    }
  }, [blocker]);

  const allowNavigation = useCallback(() => {
    isAllowedRef.current = true;
  }, []);

  return { isBlocked: blocker.state === 'blocked', stay, leave, allowNavigation };
};

export type TLeavePageGuard = ReturnType<typeof useLeavePageGuard>;
