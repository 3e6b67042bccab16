import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, LANGUAGES_UNDER_TEST, test } from '../support/fixtures';
import { stationWithHistory } from './uptime-support';

// The uptime panels and the report in each language, at 1440 px (and the report at 412 px): pictures for a person to
// look at (e2e/screenshots/uptime-*.png); uptime.spec.ts asserts the flow.
const shotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const TITLES = {
  ru: { station: 'Время работы за 30 дней', merchant: 'Время работы в этом месяце' },
  en: { station: 'Uptime, last 30 days', merchant: 'Uptime this month' },
  ky: { station: 'Акыркы 30 күндөгү иштөө убактысы', merchant: 'Ушул айдагы иштөө убактысы' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`uptime reads in ${language}`, async ({ signedInPage, request, admin }) => {
    const { merchant, station, close } = await stationWithHistory(request, admin);
    mkdirSync(shotsDir, { recursive: true });
    try {
      const page = await signedInPage(language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
      const panel = page.getByTestId('station-uptime');
      await expect(panel).toContainText(TITLES[language].station, { timeout: 15_000 });
      await expect(panel.getByRole('list').first()).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(shotsDir, `uptime-station.${language}.png`), animations: 'disabled' });

      await page.goto(`/merchant/${merchant.id}?tab=uptime`);
      const merchantPanel = page.getByTestId('merchant-uptime');
      await expect(merchantPanel).toContainText(TITLES[language].merchant);
      await expect(merchantPanel.getByRole('link', { name: station.name_en })).toBeVisible();
      await merchantPanel.screenshot({ path: join(shotsDir, `uptime-merchant.${language}.png`), animations: 'disabled' });

      for (const width of [1440, 412]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 915 });
        await page.goto('/uptime');
        await expect(page.getByTestId('uptime-total')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
        await page.screenshot({ path: join(shotsDir, `uptime-report-${width}.${language}.png`), animations: 'disabled' });
      }
    } finally {
      await close();
    }
  });
}
