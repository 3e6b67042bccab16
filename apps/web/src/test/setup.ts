import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady } from '@/lib/i18n';

// The app's texts load per language (as in main.tsx): every test starts with them in place.
await i18nReady;

// findBy and waitFor resolve as soon as what they wait for shows; the limit only decides how long a slow run (a
// loaded CI machine, a 500 ms filter debounce after several clicks) may take before it counts as a failure.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
