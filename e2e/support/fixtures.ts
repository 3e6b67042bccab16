import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import type { TLanguage, TTokenPair } from '@zaryad/contracts';
import { apiSignIn } from './api';

/** Local storage keys of the web app (apps/web/src/lib/session.ts). */
export const SESSION_KEY = 'zaryad.session';
export const LANGUAGE_KEY = 'language';

const screenshotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Puts the tokens and the language into local storage before the app's first script runs. */
export async function primeStorage(page: Page, tokens: TTokenPair | null, language: TLanguage = 'ru') {
  await page.addInitScript(
    ([key, value, languageKey, languageValue]) => {
      // Only on the first load of the test: later reloads must see what the app itself stored.
      if (sessionStorage.getItem('e2e-primed')) {
        return;
      }
      sessionStorage.setItem('e2e-primed', '1');
      if (value) {
        localStorage.setItem(key as string, value);
      }
      localStorage.setItem(languageKey as string, languageValue as string);
    },
    [SESSION_KEY, tokens ? JSON.stringify(tokens) : '', LANGUAGE_KEY, language],
  );
}

/** Collects the Content-Security-Policy violations the page reports in its console from now on. */
export function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

/** Resolves once the page has drawn two more frames: what a change rendered before now is on screen. */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Saves a full-page screenshot as e2e/screenshots/<name>.<language>.png for a person to look at. */
export async function saveScreenshot(page: Page, name: string, language: TLanguage) {
  mkdirSync(screenshotsDir, { recursive: true });
  // Animations run to their end first: a modal or drawer is shot as it stands open, not halfway through its zoom.
  await page.screenshot({
    path: join(screenshotsDir, `${name}.${language}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

type Fixtures = { admin: TTokenPair; signedInPage: (language?: TLanguage) => Promise<Page> };

export const test = base.extend<Fixtures>({
  admin: async ({ request }, use) => {
    await use(await apiSignIn(request));
  },
  signedInPage: async ({ page, admin }, use) => {
    await use(async (language: TLanguage = 'ru') => {
      await primeStorage(page, admin, language);
      return page;
    });
  },
});

export { expect };
export const LANGUAGES_UNDER_TEST: TLanguage[] = ['ru', 'en', 'ky'];
