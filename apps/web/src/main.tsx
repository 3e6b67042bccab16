import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { startThemePreference } from '@/app/themePreference';
import { routerFor } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

// First: the page turns dark or light (the account's choice) before anything else runs.
startThemePreference();
const root = document.getElementById('root');
if (root) {
  // Creating the router starts loading the matched screen's chunks, alongside the language's texts rather
  // than after them; <App> picks up the same router.
  const isSignedIn = sessionStore.get() !== null;
  // index.html's shell is drawn signed in; a signed-out visitor's waits for the sign-in card instead.
  root.firstElementChild?.classList.toggle('boot-out', !isSignedIn);
  // index.html's early mark has served its first paint: from here the shell's own class and PageFallback say it.
  document.documentElement.classList.remove('signed-out');
  void routerFor(isSignedIn ? 'signedIn' : 'signedOut');
  // The layout renders nothing before /accounts/me/ answers: asked now, in the language the texts settled on. Its
  // module (with the API client) is imported, not bundled: the login screen's budget has no room for it.
  if (isSignedIn) {
    void Promise.all([import('@/app/earlyMe'), i18nReady]).then(([{ startEarlyMe }]) => startEarlyMe());
  }
  // The first render waits for the texts: no screen flashes raw keys.
  void i18nReady.then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
