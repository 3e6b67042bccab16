import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { routerFor } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

const root = document.getElementById('root');
if (root) {
  // Creating the router starts loading the matched screen's chunks, alongside the language's texts rather
  // than after them; <App> picks up the same router.
  void routerFor(sessionStore.get() ? 'signedIn' : 'signedOut');
  // The first render waits for the texts: no screen flashes raw keys.
  void i18nReady.then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
