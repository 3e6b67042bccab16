import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { e2eUserId } from '../support/users';

/** The texts the tests look for (apps/web/src/locales/<language>/search.ts and savedViews.ts). */
const LABELS: Record<TLanguage, { open: string; users: string }> = {
  ru: { open: 'Поиск', users: 'Пользователи приложения' },
  en: { open: 'Search', users: 'App users' },
  ky: { open: 'Издөө', users: 'Тиркеменин колдонуучулары' },
};

test('Ctrl+K opens the search; typing finds a user; Enter opens the user', async ({ signedInPage, admin, request }) => {
  const id = await e2eUserId(request, admin, 'aigerim');
  const page = await signedInPage('en');
  await page.goto('/merchants');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: /Search merchants/ });
  await expect(box).toBeFocused();
  await box.fill('айгерим сад');
  const results = page.getByRole('listbox', { name: 'Results' });
  const user = results.getByRole('group', { name: 'App users' }).getByRole('option', { name: /Айгерим Садыкова/ });
  await expect(user).toBeVisible();
  await box.press('ArrowDown');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/${id}$`));
  await expect(page.getByRole('combobox', { name: /Search merchants/ })).toHaveCount(0);
  await expect(page.getByText('Айгерим Садыкова').first()).toBeVisible();

  // By phone, as an operator types it from a call: the local number with its leading 0.
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: /Search merchants/ }).fill('0700 111 222');
  const byPhone = page.getByRole('option', { name: /Айгерим Садыкова/ });
  await expect(byPhone).toBeVisible();
  // The phone reads as it does in the users' list, not as its bare digits.
  await expect(byPhone).toContainText('+996 (700) 11-12-22 · E2E-0001');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: /Search merchants/ })).toHaveCount(0);
});

for (const language of LANGUAGES_UNDER_TEST) {
  for (const width of [1440, 1280, 412]) {
    test(`the search box in ${language} at ${width} px`, async ({ signedInPage }) => {
      const page = await signedInPage(language);
      await page.setViewportSize({ width, height: width === 412 ? 915 : width === 1280 ? 720 : 900 });
      await page.goto('/users');
      const labels = LABELS[language];
      // A phone shows the icon only; its name stays.
      await page.getByRole('button', { name: labels.open }).click();
      await page.getByRole('dialog').getByRole('combobox').fill('ай');
      await expect(page.getByRole('group', { name: labels.users })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `search-${width}`, language);
    });
  }
}
