import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { counter, LIVE_ID_TAG, liveStation, openBoard } from './live-support';

// The live board in each language, light and dark, with a charge running and a fault: pictures for a person to look at
// (e2e/screenshots/live-board-{light,dark}.<language>.png); live-board.spec.ts asserts the flow.
const DARK: Record<TLanguage, string> = { ru: 'Тёмная тема', en: 'Dark theme', ky: 'Караңгы тема' };

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the live board reads in ${language}, light and dark`, async ({ signedInPage, request, admin }) => {
    const { merchant, point } = await liveStation(request, admin);
    try {
      const page = await signedInPage(language);
      await openBoard(page, merchant.id);
      await point.startSession(1, LIVE_ID_TAG, { meterEveryMs: 2_000, powerW: 22_000 });
      await expect(counter(page, 'charging')).toHaveText('1');
      await expect(page.getByTestId('live-charge-cost').first()).toBeVisible();
      // The map's tiles drawn before the picture.
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(1_500);
      await saveScreenshot(page, 'live-board-light', language);

      await page.getByRole('switch', { name: DARK[language] }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.waitForTimeout(1_500);
      await saveScreenshot(page, 'live-board-dark', language);
      await point.stopSession(1);
    } finally {
      await point.close();
    }
  });
}
