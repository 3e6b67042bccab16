import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady, registerTexts } from '@/lib/i18n';
import { appTexts } from '@/app/texts';

registerTexts('app', appTexts);
await i18nReady;

// findBy and waitFor resolve as soon as what they wait for shows; the limit only decides how long a loaded machine may take.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
