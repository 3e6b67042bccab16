import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { alertStation, openStationIncidents } from './support';

// The incidents screen, an incident's drawer with its acknowledge confirmation, and the alert rules screen, in each
// language at 1440 and 412 px: pictures for a person to look at (e2e/screenshots/alerts-*.png); incidents.spec.ts
// asserts the flow.
const TEXTS = {
  ru: { rule: /Неисправность коннектора/, acknowledge: 'Принять в работу' },
  en: { rule: /Connector faulted/, acknowledge: 'Acknowledge' },
  ky: { rule: /Коннектор бузук/, acknowledge: 'Ишке алуу' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`incidents and alert rules read in ${language} at 1440 and 412 px`, async ({ signedInPage, request, admin }) => {
    const { station, point } = await alertStation(request, admin);
    try {
      await point.status(1, 'Faulted', 'OverCurrentFailure');
      const page = await signedInPage(language);
      for (const width of [1440, 412]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 915 });
        const row = await openStationIncidents(page, station.id, TEXTS[language].rule);
        await saveScreenshot(page, `alerts-incidents-${width}`, language);
        await row.click();
        const drawer = page.locator('.ant-drawer');
        await expect(drawer.getByRole('button', { name: TEXTS[language].acknowledge })).toBeVisible();
        await saveScreenshot(page, `alerts-incident-drawer-${width}`, language);
        await drawer.getByRole('button', { name: TEXTS[language].acknowledge }).click();
        await expect(page.locator('.ant-modal')).toBeVisible();
        await saveScreenshot(page, `alerts-incident-acknowledge-${width}`, language);
        await page.keyboard.press('Escape');
        await page.goto('/settings/alerts');
        await expect(page.getByTestId('alert-rule-station_offline')).toBeVisible({ timeout: 20_000 });
        await saveScreenshot(page, `alerts-rules-${width}`, language);
      }
    } finally {
      await point.close();
    }
  });
}
