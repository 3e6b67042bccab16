import { expect, saveScreenshot, test } from '../support/fixtures';

/** The wallet in the dashboard (issue 39): card payments, a charge's refund, a balance correction. */
test('the wallet screens read in ru', async ({ signedInPage }) => {
  const language = 'ru';
  const page = await signedInPage(language);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/card-payments');
  await expect(page.getByRole('table')).toBeVisible();
  await saveScreenshot(page, 'card-payments-1440', language);

  await page.goto('/chargers-list');
  const refund = page.getByRole('button', { name: /^Вернуть за зарядку/ }).first();
  await expect(refund).toBeVisible();
  await saveScreenshot(page, 'charges-refund-action-1440', language);
  await refund.click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Причина' })).toBeVisible();
  await saveScreenshot(page, 'charge-refund-modal-1440', language);
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();

  await page.goto('/users');
  await page.getByRole('table').locator('a[href^="/user/"]').first().click();
  await expect(page.getByTestId('user-balance')).toBeVisible();
  await page.getByRole('button', { name: 'Скорректировать баланс' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Причина' })).toBeVisible();
  await saveScreenshot(page, 'user-correction-modal-1440', language);
});
