import type { TTokenPair } from '@zaryad/contracts';
import { isTokenPair } from '@/lib/tokens';

/** Local storage keys of the session. Shared by every tab of the same origin. */
export const SESSION_KEY = 'zaryad.session';
/** Written on logout so that other tabs, which receive a `storage` event for it, log out as well. */
export const LOGOUT_MARKER_KEY = 'zaryad.logout';

export type TSession = TTokenPair;
type TListener = () => void;

export type TSessionStore = {
  get: () => TSession | null;
  set: (session: TSession) => void;
  /** Forgets the tokens here and tells the other tabs to do the same. */
  clear: () => void;
  subscribe: (listener: TListener) => () => void;
};

const parseSession = (raw: string | null): TSession | null => {
  if (!raw) {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    // Either token missing means signed out (docs/product/common.md#2-screens).
    return isTokenPair(parsed) ? { access: parsed.access, refresh: parsed.refresh } : null;
  } catch {
    return null;
  }
};

/**
 * The session lives in local storage, so a reload or a second tab sees it. The parsed value is cached by
 * its raw text so that `useSyncExternalStore` gets the same object until the tokens really change.
 */
export const createSessionStore = (
  storage: Storage,
  target: Pick<Window, 'addEventListener'> | null,
): TSessionStore => {
  const listeners = new Set<TListener>();
  let cachedRaw: string | null = null;
  let cached: TSession | null = null;

  const get = () => {
    const raw = storage.getItem(SESSION_KEY);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parseSession(raw);
    }
    return cached;
  };
  const notify = () => {
    listeners.forEach((listener) => listener());
  };

  // Another tab logged in, refreshed, logged out or cleared the storage: follow it.
  target?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === LOGOUT_MARKER_KEY && event.newValue) {
      storage.removeItem(SESSION_KEY);
      notify();
    } else if (event.key === SESSION_KEY || event.key === null) {
      notify();
    }
  });

  return {
    get,
    set: (session) => {
      storage.setItem(SESSION_KEY, JSON.stringify({ access: session.access, refresh: session.refresh }));
      notify();
    },
    clear: () => {
      storage.removeItem(SESSION_KEY);
      // A new value each time, or the other tabs would get no event for a second logout.
      storage.setItem(LOGOUT_MARKER_KEY, String(Date.now()));
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

export const sessionStore = createSessionStore(window.localStorage, window);
