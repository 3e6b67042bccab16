import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18nReady } from '@/lib/i18n';

// The app's texts load per language (as in main.tsx): every test starts with them in place.
await i18nReady;

// findBy and waitFor resolve as soon as what they wait for shows; the limit only decides how long a slow run (a
// loaded CI machine, a 500 ms filter debounce after several clicks) may take before it counts as a failure.
const ASYNC_LIMIT_MS = 10_000;
configure({ asyncUtilTimeout: ASYNC_LIMIT_MS });

// vi.waitFor's own default limit is 1 s, less than a lazy route's chunk can take on a loaded machine (a role's first
// menu item, a filter reaching the query): give it the same limit as findBy, unless a test asks for more.
const viWaitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  viWaitFor(
    callback,
    typeof options === 'number'
      ? Math.max(options, ASYNC_LIMIT_MS)
      : { ...options, timeout: Math.max(options?.timeout ?? 0, ASYNC_LIMIT_MS) },
  )) as typeof vi.waitFor;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
