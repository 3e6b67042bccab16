import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

/** The words looked for, in each language (apps/web/src/locales/<language>/kit.ts and lazy/analytics.ts). */
const WORDS: Record<TLanguage, { nothingMatches: string; clear: string; report: string; soFar: string }> = {
  ru: {
    nothingMatches: 'Ничего не найдено',
    clear: 'Очистить фильтры',
    report: 'Отчёт по акциям',
    soFar: 'пока',
  },
  en: {
    nothingMatches: 'Nothing matches',
    clear: 'Clear filters',
    report: 'Promotions report',
    soFar: 'so far',
  },
  ky: {
    nothingMatches: 'Эч нерсе табылган жок',
    clear: 'Чыпкаларды тазалоо',
    report: 'Акциялар боюнча отчёт',
    soFar: 'азырынча',
  },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`feedback that guides, in ${language}: an empty filtered list, the dashboard, the promotions report`, async ({
    signedInPage,
  }) => {
    test.setTimeout(90_000);
    const words = WORDS[language];
    const page = await signedInPage(language);

    // Nothing matches the search: says so, and its button clears the search from the URL.
    await page.goto('/merchants?search=nothing-is-called-like-this');
    await expect(page.getByText(words.nothingMatches)).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'feedback-empty-filtered', language);
    // The empty state's own button (the toolbar's reset may carry the same words).
    await page.getByTestId('empty-filtered').getByRole('button', { name: words.clear }).click();
    await expect(page).toHaveURL(/\/merchants$/);
    await expect(page.getByText(words.nothingMatches)).toHaveCount(0);

    // The dashboard's month, its charts with axes; a click on a day opens that day's charges in the list.
    await page.goto('/?period=month&date=2026-11-23');
    const chart = page.getByTestId('period-chart').locator('canvas');
    await expect(chart).toBeVisible({ timeout: 25_000 });
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'feedback-dashboard', language);

    // The promotions report over November, its chart with a day axis and a count axis.
    await page.goto('/promotions-report?period__from=2026-11-01&period__to=2026-11-30');
    await expect(page.getByRole('heading', { name: words.report })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'feedback-promotions-report', language);

    // Running charges: their kWh and cost so far, marked as such.
    await page.goto('/chargers-list?status=in_progress');
    await expect(page.getByTestId('running-cost').first()).toBeVisible();
    await expect(page.getByTestId('running-cost').first()).toContainText(words.soFar);
    await saveScreenshot(page, 'feedback-running-charges', language);
  });
}
