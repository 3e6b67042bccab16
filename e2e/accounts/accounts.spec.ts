import { translateMessage } from '@zaryad/contracts';
import { accessibilityViolations } from '../support/axe';
import { buildAccount, unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

test('an administrator creates an account, blocks it, and its sign-in is refused', async ({
  signedInPage,
  request,
}) => {
  const page = await signedInPage('en');
  const id = unique();
  const email = `new-${id}@zaryad.kg`;
  const password = `Str0ng-${id}`;

  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/accounts\/create$/);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByLabel('Last name').fill('Токтогулова');
  await page.getByLabel('First name').fill(`Жылдыз ${id}`);
  await page.getByLabel('Phone').fill('996555123456');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Position').fill('Оператор');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('The account has been created')).toBeVisible();

  // The new account signs in, then is found by search in the list and blocked from its details.
  expect((await request.post('/api/v1/accounts/login/', { data: { email, password } })).status()).toBe(200);
  await page.goto(`/accounts?search=${encodeURIComponent(email)}`);
  await page
    .getByRole('link', { name: `Жылдыз ${id} Токтогулова` })
    .or(page.getByRole('link', { name: `Токтогулова Жылдыз ${id}` }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/accounts\/details\/\d+$/);
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('The account has been blocked')).toBeVisible();

  const refused = await request.post('/api/v1/accounts/login/', {
    data: { email, password },
    headers: { 'Accept-Language': 'en' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe('This account is blocked. Contact your administrator.');
});

test('the account form shows the server and client validation messages', async ({ signedInPage, request, admin }) => {
  const existing = await buildAccount(request, admin);
  const page = await signedInPage('ru');
  await page.goto('/accounts/create');
  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Введите адрес электронной почты')).toBeVisible();

  await page.getByRole('combobox', { name: 'Роль' }).click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByLabel('Фамилия').fill('Иванов');
  await page.getByLabel('Имя').fill('Иван');
  await page.getByLabel('Телефон').fill('996555000111');
  await page.getByLabel('Электронная почта').fill(existing.email);
  await page.getByLabel('Пароль').fill('Password-123');
  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Этот адрес электронной почты уже используется').first()).toBeVisible();
  await saveScreenshot(page, 'account-form-server-errors', 'ru');
});

test("the form shell's answer to a refused save reads in Kyrgyz: the field, the alert and the notification", async ({
  signedInPage,
  request,
  admin,
}) => {
  const existing = await buildAccount(request, admin);
  const page = await signedInPage('ky');
  await page.goto('/accounts/create');
  await page.getByRole('combobox', { name: 'Ролу' }).click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByLabel('Фамилиясы').fill('Токтогулов');
  await page.getByLabel('Аты', { exact: true }).fill('Азамат');
  await page.getByLabel('Телефон').fill('996555000222');
  await page.getByLabel('Электрондук почта').fill(existing.email);
  await page.getByLabel('Сырсөз').fill('Password-123');
  await page.getByRole('button', { name: 'Түзүү', exact: true }).click();

  const taken = translateMessage('email_taken', 'ky');
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Электрондук почта' })).toContainText(taken);
  await expect(page.locator('.ant-notification')).toContainText(taken);
  await expect(page.getByTestId('form-invalid')).toContainText('Талаа туура эмес толтурулган');
  // The field with the server's message is focused, ready to be corrected.
  await expect(page.getByLabel('Электрондук почта')).toBeFocused();
  await saveScreenshot(page, 'account-form-server-errors', 'ky');
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the accounts screens read in ${language} without accessibility violations`, async ({
    signedInPage,
    request,
    admin,
  }) => {
    test.slow(); // three screens, each checked by axe
    const account = await buildAccount(request, admin);
    const page = await signedInPage(language);
    await page.goto('/accounts');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-list', language);

    await page.goto(`/accounts/details/${account.id}`);
    await expect(page.getByText(account.email)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-details', language);

    await page.goto(`/accounts/edit/${account.id}`);
    await expect(page.locator('input[type="email"], input[id$="email"]').first()).toHaveValue(account.email);
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-edit', language);
  });
}
