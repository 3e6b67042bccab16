import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady } from '@/lib/i18n';

// The app's texts load per language (as in main.tsx): every test starts with them in place.
await i18nReady;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
