import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, LANGUAGES_UNDER_TEST, test } from '../support/fixtures';
import { selectStations, twoConnectedStations } from './bulk-support';

// The bulk charge point actions' confirmation and results, in each language at 1440 and 412 px: pictures for a person
// to look at (e2e/screenshots/ocpp-bulk-*.png); the suite's bulk-actions.spec.ts asserts the flow.
const shotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const TEXTS = {
  ru: { button: /Зарядные станции \(2\)/, reset: 'Перезагрузка', accepted: 'Принято' },
  en: { button: /Charge points \(2\)/, reset: 'Restart', accepted: 'Accepted' },
  ky: { button: /Кубаттоо түзмөктөрү \(2\)/, reset: 'Кайра жүктөө', accepted: 'Кабыл алынды' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`bulk reset of two stations reads in ${language} at 1440 and 412 px`, async ({
    signedInPage,
    request,
    admin,
  }) => {
    const { merchant, stations, close } = await twoConnectedStations(request, admin);
    mkdirSync(shotsDir, { recursive: true });
    try {
      const page = await signedInPage(language);
      for (const width of [1440, 412]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 915 });
        await selectStations(
          page,
          merchant.id,
          stations.map((station) => station.id),
        );
        await page.getByRole('button', { name: TEXTS[language].button }).click();
        await page.getByRole('menuitem', { name: TEXTS[language].reset }).click();
        await expect(page.getByTestId('bulk-confirm')).toBeVisible();
        await page.screenshot({
          path: join(shotsDir, `ocpp-bulk-confirm-${width}.${language}.png`),
          animations: 'disabled',
        });
        await page.getByTestId('bulk-send').click();
        await expect(page.getByTestId('bulk-results')).toBeVisible({ timeout: 30_000 });
        for (const station of stations) {
          await expect(page.getByTestId(`bulk-result-${station.id}`)).toHaveText(TEXTS[language].accepted);
        }
        await page.screenshot({
          path: join(shotsDir, `ocpp-bulk-results-${width}.${language}.png`),
          animations: 'disabled',
        });
        await page.keyboard.press('Escape');
        // The charge points restart (they boot again) before the next round.
        await page.waitForTimeout(1_500);
      }
    } finally {
      await close();
    }
  });
}
