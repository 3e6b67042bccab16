/**
 * The driver's sign-in: the app's access and refresh tokens, kept in this browser (docs/product/app-api.md#2-sign-in).
 * Listeners hear it begin and end (a refused refresh ends it).
 */
export interface TDriverSession {
  access: string;
  refresh: string;
}

export const SESSION_KEY = 'zaryad.driver.session';
const listeners = new Set<() => void>();

export const readSession = (): TDriverSession | null => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'access' in parsed && 'refresh' in parsed) {
      const { access, refresh } = parsed as TDriverSession;
      return typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : null;
    }
  } catch {
    // Unreadable storage: signed out.
  }
  return null;
};

export const writeSession = (session: TDriverSession | null) => {
  try {
    if (session) {
      window.localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    } else {
      window.localStorage.removeItem(SESSION_KEY);
    }
  } catch {
    // Without storage the sign-in lasts as long as the page.
  }
  for (const listener of listeners) {
    listener();
  }
};

export const onSessionChange = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
