import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { TLanguage, TTokenPair } from '@zaryad/contracts';

const screenshotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * The phone the drivers' web app is tested on (issue 40): 390 × 844, touch, standing in Bishkek with the position
 * allowed (beside buildStation's default place, so that the test's station is the nearest).
 */
export const DRIVER_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  geolocation: { latitude: 42.8746, longitude: 74.5698 },
  permissions: ['geolocation'],
};

/** Local storage keys of the drivers' app (apps/driver/src/lib/session.ts, language.ts). */
const SESSION_KEY = 'zaryad.driver.session';
const LANGUAGE_KEY = 'zaryad.driver.language';

/**
 * The network's `main` fullscreen, which the app shows once on opening (docs/product/driver-app.md#2-screens), is
 * closed as a driver closes it whenever it stands in the way: other tests make fullscreens in the same network at any
 * moment, so it may come up in the middle of any step.
 */
export async function closeFullscreensInTheWay(page: Page) {
  await page.addLocatorHandler(page.locator('div.fullscreen[role="dialog"]'), async () => {
    await page.keyboard.press('Escape');
  });
}

/** The app's sign-in and language in local storage before its first script runs, on the test's first load only. */
export async function primeDriverApp(
  page: Page,
  tokens: { access: string; refresh: string } | null,
  language: TLanguage = 'ru',
) {
  await closeFullscreensInTheWay(page);
  await page.addInitScript(
    ([sessionKey, session, languageKey, languageValue]) => {
      if (sessionStorage.getItem('e2e-driver-primed')) {
        return;
      }
      sessionStorage.setItem('e2e-driver-primed', '1');
      if (session) {
        localStorage.setItem(sessionKey as string, session);
      }
      localStorage.setItem(languageKey as string, languageValue as string);
    },
    [SESSION_KEY, tokens ? JSON.stringify(tokens) : '', LANGUAGE_KEY, language],
  );
}

/** The driver's id as the app's own sign-in knows it (GET /me/ with the tokens the page keeps). */
export async function signedInDriverId(page: Page, request: APIRequestContext): Promise<number> {
  const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  const { access } = JSON.parse(session ?? '{}') as { access?: string };
  const me = await request.get('/api/app/v1/me/', { headers: { authorization: `Bearer ${access}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: number }).id;
}

/** Money on the driver's balance from the operator, as the dashboard's user screen puts it. */
export async function creditDriver(request: APIRequestContext, admin: TTokenPair, driverId: number, amount: string) {
  const response = await request.patch(`/api/v1/users/${driverId}/balance/`, {
    headers: { Authorization: `Bearer ${admin.access}` },
    data: { amount, method: 'cash', comment: 'e2e drivers app' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The phone's screen as the driver sees it on arriving, scrolled to the top (not the whole page: a long list would make
 * it a ribbon, its tab bar in the middle), as e2e/screenshots/driver-app-<name>.<language>.png, for a person to look at.
 */
export async function savePhoneScreenshot(page: Page, name: string, language: TLanguage) {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotsDir, `driver-app-${name}.${language}.png`), animations: 'disabled' });
}
