import { revokeSession } from '@/features/auth/api';
import { LANGUAGE_KEY } from '@/lib/language';
import { sessionStore } from '@/lib/session';

/**
 * `/logout` (docs/product/accounts.md#2-screens): revoke the refresh token (best effort), clear local storage, reset the
 * session, go to `/` and reload. The language choice survives: it belongs to the browser, not the session.
 */
let signingOut: Promise<void> | null = null;

export const signOut = (): Promise<void> => {
  // StrictMode runs the logout page's effect twice; one revocation is enough.
  signingOut ??= runSignOut();
  return signingOut;
};

const runSignOut = async (): Promise<void> => {
  const refresh = sessionStore.get()?.refresh;
  if (refresh) {
    await revokeSession(refresh);
  }
  const language = window.localStorage.getItem(LANGUAGE_KEY);
  window.localStorage.clear();
  if (language) {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  }
  // Writes the logout marker, so the other tabs sign out too.
  sessionStore.clear();
  window.location.replace('/');
};
