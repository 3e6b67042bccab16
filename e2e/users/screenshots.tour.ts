import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { e2eUserId } from '../support/users';

/** The labels the walk looks for, in each language (apps/web/src/locales/<language>/users.ts). */
const LABELS: Record<TLanguage, { users: string; filters: string; statement: string; totals: string }> = {
  ru: { users: 'Пользователи', filters: 'Фильтры', statement: 'Выписка', totals: 'Итого по выборке' },
  en: { users: 'Users', filters: 'Filters', statement: 'Statement', totals: 'Total for the selection' },
  ky: { users: 'Колдонуучулар', filters: 'Чыпкалар', statement: 'Көчүрмө', totals: 'Тандоо боюнча жыйынтык' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`users screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    const labels = LABELS[language];
    const id = await e2eUserId(request, admin, 'screens');
    const page = await signedInPage(language);

    await page.goto('/users');
    await expect(page.getByRole('table', { name: labels.users }).getByRole('link').first()).toBeVisible();
    await page.getByRole('button', { name: labels.filters }).click();
    await expect(page.locator('#user-filters .ant-picker').first()).toBeVisible();
    await saveScreenshot(page, 'users-list', language);

    await page.goto(`/user/${id}`);
    await expect(page.getByRole('table', { name: labels.statement }).getByRole('row').nth(2)).toBeVisible();
    await saveScreenshot(page, 'user-detail', language);

    await page.goto('/extract-balance');
    await expect(page.getByRole('status', { name: labels.totals })).toBeVisible();
    await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    await saveScreenshot(page, 'extract-balance', language);
  });
}
