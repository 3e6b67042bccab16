import type { APIRequestContext, Page } from '@playwright/test';
import type { TAccountSettings, TTokenPair } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

// Every test here signs in as the one administrator: they run one after another, not side by side.
test.describe.configure({ mode: 'serial' });

const DEFAULTS: TAccountSettings = { language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' };

const resetSettings = async (request: APIRequestContext, admin: TTokenPair) => {
  const response = await request.patch('/api/v1/accounts/settings/', {
    data: DEFAULTS,
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  expect(response.ok()).toBe(true);
};

const chooseOption = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
};

test('saved settings switch the interface language and persist after a reload', async ({
  signedInPage,
  request,
  admin,
}) => {
  await resetSettings(request, admin);
  const page = await signedInPage('ru');
  await page.goto('/settings');

  await chooseOption(page, 'Часовой пояс', 'Алматы (UTC+5)');
  await chooseOption(page, 'Формат даты', 'YYYY-MM-DD');
  await chooseOption(page, 'Язык интерфейса', 'English');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();

  await expect(page.getByText('The settings have been saved')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  await page.reload();
  await expect(page.getByText('Interface language')).toBeVisible();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Time zone' })).toContainText('Almaty (UTC+5)');
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Date format' })).toContainText('YYYY-MM-DD');
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Interface language' })).toContainText('English');
  await resetSettings(request, admin);
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the settings screen reads in ${language}`, async ({ signedInPage, request, admin }) => {
    await resetSettings(request, admin);
    const page = await signedInPage(language);
    await page.goto('/settings');
    // The account's form, then the referral bonuses' card below it.
    await expect(page.locator('form').first()).toBeVisible();
    await expect(page.locator('form')).toHaveCount(2);
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'settings', language);
  });
}
