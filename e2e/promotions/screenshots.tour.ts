import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildPromotion } from '../support/promotions';

/** The labels the walk looks for, in each language (apps/web/src/locales/<language>/lazy/promotions.ts). */
const LABELS: Record<TLanguage, { endedTab: string; further: string; empty: string }> = {
  ru: { endedTab: 'Завершённые', further: 'Далее', empty: 'Акций пока нет' },
  en: { endedTab: 'Ended', further: 'Next', empty: 'There are no promotions yet' },
  ky: { endedTab: 'Аяктаган', further: 'Кийинки', empty: 'Азырынча акциялар жок' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`promotions screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    const labels = LABELS[language];
    const current = await buildPromotion(request, admin, { title: `Ночная скидка 20% (${language})`, percent: 20 });
    const ended = await buildPromotion(request, admin, {
      title: `Летний марафон (${language})`,
      status: 1,
      startDays: -60,
      endDays: -30,
    });
    const page = await signedInPage(language);

    await page.goto('/promotions');
    await expect(page.getByRole('table').getByRole('img', { name: current.title_ru })).toBeVisible();
    await saveScreenshot(page, 'promotions-list', language);

    await page.getByRole('tab', { name: labels.endedTab }).click();
    await expect(page.getByRole('table').getByRole('img', { name: ended.title_ru })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'promotions-ended', language);

    await page.goto('/promotions?search=nothing-is-called-like-this');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

    await page.goto(`/creating-promotion/${current.id}`);
    await expect(page.getByRole('button', { name: labels.further })).toBeVisible();
    await expect(page.locator('.ant-picker-range').first()).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'promotion-form', language);

    await page.goto('/promotions-report');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'promotions-report', language);

    await page.goto('/creating-promotion/');
    await expect(page.getByRole('button', { name: labels.further })).toBeVisible();
    await expect(page.locator('.ant-picker-range').first()).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'promotion-form-new', language);
  });
}
