import type { TLanguage } from '@zaryad/contracts';
import { CHARGE_STATIONS, driverId, stationId } from '../support/charges';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

/** The labels the walk looks for, in each language (apps/web/src/locales/<language>/charges.ts). */
const LABELS: Record<TLanguage, { charges: string; filters: string; inProgress: string; total: string }> = {
  ru: { charges: 'Зарядки', filters: 'Фильтры', inProgress: 'Идёт', total: 'Итого' },
  en: { charges: 'Charges', filters: 'Filters', inProgress: 'In progress', total: 'Total' },
  ky: { charges: 'Кубаттоолор', filters: 'Чыпкалар', inProgress: 'Жүрүп жатат', total: 'Жыйынтык' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`charges screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    const labels = LABELS[language];
    const dordoi = await stationId(request, admin, 'dordoi');
    const asel = await driverId(request, admin, 'asel');
    const page = await signedInPage(language);

    await page.goto(`/chargers-list?station_id__in=${dordoi}`);
    const table = page.getByRole('table', { name: labels.charges });
    await expect(table.getByRole('row').filter({ hasText: labels.inProgress })).toHaveCount(1);
    await expect(page.locator('#charge-filters .ant-select-selection-item').first()).toContainText(
      CHARGE_STATIONS.dordoi[language],
    );
    await expect(page.getByRole('status', { name: labels.total })).toBeVisible();
    await saveScreenshot(page, 'chargers-list', language);

    await page.goto(`/user/${asel}?tab=charges`);
    const tab = page.getByRole('table', { name: labels.charges });
    await expect(tab.getByRole('row').filter({ hasText: labels.inProgress })).toHaveCount(1);
    await saveScreenshot(page, 'user-charges', language);
  });
}
