import type { Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildInfrastructure, buildMerchant, buildStation, buildTag } from '../support/network';

/** The few labels the walk clicks, in each language (apps/web/src/locales/<language>/merchants.ts, schedule.ts). */
const LABELS: Record<TLanguage, { schedule: string; tags: string; infrastructure: string; report: string }> = {
  ru: {
    schedule: 'Изменить режим работы',
    tags: 'Выбрать теги',
    infrastructure: 'Выбрать инфраструктуру',
    report: 'Отчёт',
  },
  en: {
    schedule: 'Change the schedule',
    tags: 'Choose tags',
    infrastructure: 'Choose infrastructure',
    report: 'Report',
  },
  ky: {
    schedule: 'Иштөө режимин өзгөртүү',
    tags: 'Тегдерди тандоо',
    infrastructure: 'Инфраструктураны тандоо',
    report: 'Отчёт',
  },
};

const openDialog = (page: Page) => page.locator('.ant-modal-wrap:visible').last();

for (const language of LANGUAGES_UNDER_TEST) {
  test(`merchant screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    // Titles are unique on the server: each language's run carries its own mark.
    const mark = language.toUpperCase();
    const titled = (ru: string, en: string, ky: string) => ({
      title_ru: `${ru} ${mark}`,
      title_en: `${en} ${mark}`,
      title_ky: `${ky} ${mark}`,
    });
    const tags = await Promise.all([
      buildTag(request, admin, titled('Быстрая зарядка', 'Fast charging', 'Тез кубаттоо')),
      buildTag(request, admin, { ...titled('Круглосуточно', '24/7', ''), title_ky: '' }),
    ]);
    const places = await Promise.all([
      buildInfrastructure(request, admin, titled('Кафе', 'Cafe', 'Кафе')),
      buildInfrastructure(request, admin, { ...titled('Парковка', 'Parking', ''), title_ky: '' }),
      buildInfrastructure(request, admin, titled('Туалет', 'Toilet', 'Даараткана')),
    ]);
    const merchant = await buildMerchant(request, admin, {
      name: `ТРЦ Азия Молл (${language})`,
      tags: tags.map((tag) => tag.id),
      environment: places.map((place) => place.id),
      schedule: [0, 1, 2, 3, 4, 5].flatMap((day) => [
        { day, start_time: '09:00:00', end_time: '21:00:00', is_break: false },
        { day, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      ]),
    });
    await buildStation(request, admin, merchant.id, {
      name: 'Азия Молл — парковка P1',
      tags: tags.map((tag) => tag.id),
      environment: places.map((place) => place.id),
    });
    await buildStation(request, admin, merchant.id, { name: 'Азия Молл — въезд', status: 1 });

    const page = await signedInPage(language);
    // Tall enough for the form: a full-page shot of a scrolled page would cut the modal's mask at the fold.
    await page.setViewportSize({ width: 1440, height: 1200 });
    await page.goto('/merchants');
    await expect(page.getByRole('link', { name: merchant.name })).toBeVisible();
    await saveScreenshot(page, 'merchants-list', language);

    await page.goto(`/merchant/${merchant.id}`);
    await expect(page.getByRole('link', { name: 'Азия Молл — въезд' })).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, 'merchant-detail', language);

    await page.getByRole('tab', { name: LABELS[language].report }).click();
    // The report's own table, in the open tab (the stations tab keeps its rows in the page, hidden), once its chunk
    // has replaced the skeleton.
    await expect(page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Азия Молл — въезд' })).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'merchant-report', language);

    await page.goto(`/create-edit-merchant/${merchant.id}`);
    await expect(page.getByTestId('schedule-summary')).toBeVisible();
    await saveScreenshot(page, 'merchant-form', language);

    await page.getByRole('button', { name: LABELS[language].schedule }).click();
    await expect(openDialog(page).getByRole('switch').first()).toBeVisible();
    await saveScreenshot(page, 'schedule-modal', language);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);

    await page.getByRole('button', { name: LABELS[language].tags }).click();
    await expect(openDialog(page).getByRole('row').nth(1)).toBeVisible();
    await saveScreenshot(page, 'tags-picker', language);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);

    await page.getByRole('button', { name: LABELS[language].infrastructure }).click();
    await expect(openDialog(page).getByRole('row').nth(1)).toBeVisible();
    await saveScreenshot(page, 'infrastructure-picker', language);
  });
}
