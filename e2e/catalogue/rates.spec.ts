import { translateMessage, type TLanguage } from '@zaryad/contracts';
import type { Page } from '@playwright/test';
import { unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const chooseOption = async (page: Page, label: string, option: string) => {
  // Not exact: a required field's name starts with antd's asterisk. In the drawer: the list under it has a filter
  // of the same name.
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
};

/** Narrows the list to one tariff, so parallel tests never see each other's rows. */
const searchFor = async (page: Page, name: string) => {
  await page.getByRole('searchbox').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(rowOf(page, name)).toBeVisible();
};

const changeStatus = async (page: Page, name: string, action: 'Activate' | 'Deactivate') => {
  await rowOf(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: `${action} (1)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
};

test('a tariff is created, edited, activated (then locked), deactivated and deleted', async ({ signedInPage }) => {
  const page = await signedInPage('en');
  // Many steps, each a round trip to the server: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const name = `E2E tariff ${unique()}`;

  await page.goto('/rates/create');
  // Create and edit are the catalogue drawer over the list (issue 33, item 6).
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill(name);
  await chooseOption(page, 'Connector type', 'Type 2 (Mennekes)');
  await drawer.getByLabel('Price per kWh, som').fill('12.5');
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/rates$/);
  await expect(page.getByText('The tariff has been created')).toBeVisible();

  await searchFor(page, name);
  await expect(rowOf(page, name)).toContainText('12.50 som');
  await expect(rowOf(page, name)).toContainText('Personal');
  await rowOf(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  // The list's search stays in the address while the drawer is open and comes back with the list.
  await expect(page).toHaveURL(/\/edit-rates\/\d+\?search=/);
  await expect(drawer).toContainText(`${name} — editing the tariff`);
  const fee = drawer.getByLabel('Price per kWh, som');
  await expect(fee).toHaveValue('12.50');
  await fee.fill('13.75');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/rates\?search=/);
  await expect(page.getByText('The changes have been saved')).toBeVisible();

  await searchFor(page, name);
  await expect(rowOf(page, name)).toContainText('13.75 som');
  await changeStatus(page, name, 'Activate');
  await expect(rowOf(page, name)).toContainText('Active');
  await expect(rowOf(page, name).getByRole('button', { name: `Edit ${name}` })).toBeDisabled();
  await expect(rowOf(page, name).getByRole('button', { name: `Delete ${name}` })).toBeDisabled();

  await changeStatus(page, name, 'Deactivate');
  await expect(rowOf(page, name)).toContainText('Inactive');
  await rowOf(page, name).getByRole('button', { name: `Delete ${name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The tariff has been deleted')).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`bad prices are refused with the translated messages (${language})`, async ({ signedInPage }) => {
    const page = await signedInPage(language);
    await page.goto('/rates/create');
    const fee = page.locator('#fee');
    await fee.fill('12.345');
    await fee.blur();
    await expect(page.getByText(translateMessage('fee_invalid', language))).toBeVisible();
    await fee.fill('-5');
    await fee.blur();
    await expect(page.getByText(translateMessage('fee_negative', language))).toBeVisible();
    await expect(page).toHaveURL(/\/rates\/create$/);
    await saveScreenshot(page, 'rates-create', language);
  });
}

const createRateByApi = async (page: Page, language: TLanguage) => {
  const access = await page.evaluate(() => {
    const raw = localStorage.getItem('zaryad.session');
    return raw ? (JSON.parse(raw) as { access: string }).access : '';
  });
  const response = await page.request.post('/api/v1/payments/', {
    data: { name: `E2E ${language} ${unique()}`, rate_type: 'personal', typo: 'ccs2', fee: '18.40' },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the tariff list and edit screens read in ${language}`, async ({ signedInPage }) => {
    const page = await signedInPage(language);
    await page.goto('/rates');
    await expect(page.locator('.ant-table-row').first().or(page.locator('.ant-empty'))).toBeVisible();
    const rate = await createRateByApi(page, language);
    await page.reload();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await saveScreenshot(page, 'rates-list', language);
    await page.goto(`/edit-rates/${rate.id}`);
    await expect(page.locator('#fee')).toHaveValue('18.40');
    await saveScreenshot(page, 'rates-edit', language);
  });
}
