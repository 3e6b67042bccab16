import type { TLanguage } from '@zaryad/contracts';
import { buildBanner } from '../support/banners';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

/** The labels the walk looks for, in each language (apps/web/src/locales/<language>/lazy/banners.ts). */
const LABELS: Record<TLanguage, { fullscreenTab: string; archiveTab: string; save: string }> = {
  ru: { fullscreenTab: 'Фулскрин', archiveTab: 'Архив баннеров', save: 'Сохранить' },
  en: { fullscreenTab: 'Fullscreen', archiveTab: 'Archive banner', save: 'Save' },
  ky: { fullscreenTab: 'Фулскрин', archiveTab: 'Баннерлердин архиви', save: 'Сактоо' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`banners screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    const labels = LABELS[language];
    const banner = await buildBanner(request, admin, 'banner', { name: `Ночная скидка 20% (${language})` });
    const fullscreen = await buildBanner(request, admin, 'fullscreen', { name: `Zaryad 3.0 (${language})` });
    const ended = await buildBanner(request, admin, 'banner', {
      name: `Летний марафон (${language})`,
      status: 1,
      startDays: -60,
      endDays: -30,
    });
    const page = await signedInPage(language);

    await page.goto('/banners');
    await expect(page.getByRole('table').getByRole('img', { name: banner.name })).toBeVisible();
    await saveScreenshot(page, 'banners-list', language);

    await page.getByRole('tab', { name: labels.fullscreenTab, exact: true }).click();
    await expect(page.getByRole('table').getByRole('img', { name: fullscreen.name })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'fullscreens-list', language);

    await page.getByRole('tab', { name: labels.archiveTab }).click();
    await expect(page.getByRole('table').getByRole('img', { name: ended.name })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'banners-archive', language);

    await page.goto(`/banners/create-banner/${banner.id}`);
    await expect(page.getByRole('button', { name: labels.save })).toBeVisible();
    await expect(page.locator('.ant-picker-range')).toBeVisible();
    await saveScreenshot(page, 'banner-form', language);

    await page.goto(`/banners/create-fullscr/${fullscreen.id}`);
    await expect(page.getByRole('figure').getByRole('img', { name: fullscreen.name })).toBeVisible();
    await expect(page.locator('.ant-picker-range')).toBeVisible();
    await saveScreenshot(page, 'fullscreen-form', language);
  });
}
