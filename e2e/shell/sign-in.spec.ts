import { E2E_ADMIN } from '../env';
import { accessibilityViolations } from '../support/axe';
import { expect, LANGUAGES_UNDER_TEST, primeStorage, saveScreenshot, test } from '../support/fixtures';

const loginTexts = {
  ru: { submit: 'Войти', wrong: 'Неверный адрес электронной почты или пароль' },
  en: { submit: 'Sign in', wrong: 'Invalid email or password' },
  ky: { submit: 'Кирүү', wrong: 'Электрондук почта же сырсөз туура эмес' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the login screen reads in ${language}, has no accessibility violations and refuses a wrong password`, async ({
    page,
  }) => {
    await primeStorage(page, null, language);
    await page.goto('/some/deep/path');
    const submit = page.getByRole('button', { name: loginTexts[language].submit, exact: true });
    await expect(submit).toBeVisible();
    await saveScreenshot(page, 'login', language);

    expect(await accessibilityViolations(page)).toEqual([]);

    await page.locator('input#email, input[id$="email"]').first().fill(E2E_ADMIN.email);
    await page.locator('input[type="password"]').first().fill('definitely-not-the-password');
    await submit.click();
    await expect(page.getByText(loginTexts[language].wrong)).toBeVisible();
    await saveScreenshot(page, 'login-refused', language);
  });
}

const recoveryTexts = {
  ru: { send: 'Отправить ссылку', generate: 'Сгенерировать новый пароль', requestNew: 'Запросить новую ссылку' },
  en: { send: 'Send the link', generate: 'Generate new password', requestNew: 'Request a new link' },
  ky: { send: 'Шилтеме жөнөтүү', generate: 'Жаңы сырсөз түзүү', requestNew: 'Жаңы шилтеме суроо' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the recovery screens read in ${language} and have no accessibility violations`, async ({ page }) => {
    await primeStorage(page, null, language);
    await page.goto('/reset-password');
    const send = page.getByRole('button', { name: recoveryTexts[language].send });
    await expect(send).toBeVisible();
    // The empty form refused: the field's message is part of what a person (and axe) sees.
    await send.click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    // axe weighs what is on screen: a pointer left on the button would have it weigh the hover colour.
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'reset-password', language);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/change-password?token=not-a-real-token');
    await page.getByRole('button', { name: recoveryTexts[language].generate }).click();
    await expect(page.getByTestId('generated-password')).toBeVisible();
    await page.mouse.move(0, 0);
    await saveScreenshot(page, 'change-password', language);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/change-password');
    await expect(page.getByRole('link', { name: recoveryTexts[language].requestNew })).toBeVisible();
    await saveScreenshot(page, 'change-password-no-token', language);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test('signing in through the form opens the shell with the manager label', async ({ page }) => {
  await primeStorage(page, null, 'en');
  await page.goto('/');
  await page.locator('input[id$="email"]').first().fill(E2E_ADMIN.email);
  await page.locator('input[type="password"]').first().fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('manager-label')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('zaryad.session'));
  expect(JSON.parse(stored ?? '{}')).toEqual({ access: expect.any(String), refresh: expect.any(String) });
});

test('the recovery screens: request a link, see the notice; change-password checks the confirmation', async ({
  page,
}) => {
  await primeStorage(page, null, 'en');
  await page.goto('/reset-password');
  await page.locator('input[id$="email"]').first().fill('nobody-at-all@zaryad.kg');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  await page.goto('/change-password?token=not-a-real-token');
  const passwords = page.locator('input[type="password"]');
  await passwords.nth(0).fill('Longenough1');
  await passwords.nth(1).fill('Different22');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Password mismatch')).toBeVisible();
});
