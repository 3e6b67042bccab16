import { createApiClient } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

/** The app's one API client. `fetch` is looked up on each call so that tests can stub it. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  session: sessionStore,
  getLanguage: currentLanguage,
});
