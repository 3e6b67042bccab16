import { fileURLToPath } from 'node:url';
import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/**
 * A station's screens at 1280×720 and on a 412×915 phone, in ru, en and ky: its page with the actions, the QR code sheet
 * of its connectors (issue 40) and the station form with its photos and video, which load after the fields.
 */
const TEXTS: Record<TLanguage, { qrCodes: string; print: string; photos: string }> = {
  ru: { qrCodes: 'QR-коды', print: 'Распечатать', photos: 'Фотографии' },
  en: { qrCodes: 'QR codes', print: 'Print', photos: 'Photos' },
  ky: { qrCodes: 'QR-коддор', print: 'Басып чыгаруу', photos: 'Сүрөттөр' },
};

const VIEWS = [
  { width: 1280, height: 720 },
  { width: 412, height: 915 },
] as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`a station's page, QR codes and form read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const merchant = await buildMerchant(request, admin);
    const station = await buildStation(request, admin, merchant.id, {
      name: 'ТЦ «Дордой Плаза», подземная парковка',
      connectors: [
        { typo: 'ccs2', power_kWh: 120 },
        { typo: 'chademo', power_kWh: 50 },
        { typo: 'type2', power_kWh: 22 },
      ],
    });
    const page = await signedInPage(language);

    for (const view of VIEWS) {
      await page.setViewportSize(view);
      const width = String(view.width);
      await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
      await expect(page.locator('[data-testid^="connector-"]')).toHaveCount(3);
      await saveScreenshot(page, `station-info-${width}`, language);

      await page.getByRole('button', { name: texts.qrCodes }).click();
      const sheet = page.getByRole('dialog');
      await expect(sheet.locator('.station-qr-card img')).toHaveCount(3);
      await expect(sheet.getByRole('button', { name: texts.print })).toBeEnabled();
      // The dialog scrolls over the page: what the screen shows, its top, then its end with the buttons.
      const shot = (part: string) =>
        fileURLToPath(new URL(`../screenshots/station-qr-sheet-${part}-${width}.${language}.png`, import.meta.url));
      await page.screenshot({ path: shot('top'), animations: 'disabled' });
      await page.locator('.ant-modal-wrap').evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight));
      await page.screenshot({ path: shot('end'), animations: 'disabled' });
      await sheet.locator('.ant-modal-close').click();
      await expect(sheet).toBeHidden();

      const record = page.waitForResponse((response) => response.url().endsWith(`/stations/update/${station.id}/`));
      await page.goto(`/merchant/${merchant.id}/edit-station/${station.id}`);
      expect((await record).ok()).toBe(true);
      await expect(page.getByTestId('module-1')).toBeVisible();
      await expect(page.locator('.ant-upload-list-item')).not.toHaveCount(0);
      await expect(page.getByText(texts.photos, { exact: true }).first()).toBeVisible();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `station-form-${width}`, language);
    }
  });
}
