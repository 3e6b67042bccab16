import type { APIRequestContext, Page } from '@playwright/test';
import type { TLanguage, TPermission, TRoleDetails, TTokenPair } from '@zaryad/contracts';
import { apiSignIn, buildAccount, unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, primeStorage, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildTag } from '../support/network';

const auth = (tokens: TTokenPair) => ({ Authorization: `Bearer ${tokens.access}` });

const listRoles = async (request: APIRequestContext, admin: TTokenPair): Promise<TRoleDetails[]> => {
  const response = await request.get('/api/v1/accounts/roles/', { headers: auth(admin) });
  expect(response.status()).toBe(200);
  return (await response.json()) as TRoleDetails[];
};

/** An account of the role, created by the administrator through the API, and its page signed in. */
const signInAs = async (
  page: Page,
  request: APIRequestContext,
  admin: TTokenPair,
  role: Pick<TRoleDetails, 'id'>,
  language: TLanguage,
) => {
  const account = await buildAccount(request, admin, { role: role.id });
  await primeStorage(page, await apiSignIn(request, { email: account.email, password: account.password }), language);
  return account;
};

const builtIn = async (request: APIRequestContext, admin: TTokenPair, key: string) => {
  const role = (await listRoles(request, admin)).find((item) => item.key === key);
  if (!role) {
    throw new Error(`no built-in role ${key}`);
  }
  return role;
};

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('an operator sees no accounts menu and gets the 403 page at /accounts', async ({ page, request, admin }) => {
  await signInAs(page, request, admin, await builtIn(request, admin, 'operator'), 'en');

  // The main page is not the operator's: it starts at the first screen it may open, the live board (alerts.view).
  await page.goto('/');
  await expect(page).toHaveURL(/\/live$/);
  await page.goto('/chargers-list');
  await expect(mainMenu(page).getByRole('link', { name: 'Charges' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await expect(mainMenu(page).getByRole('link', { name: 'Balance statement' })).toHaveCount(0);

  await page.goto('/accounts');
  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  // The server agrees: its 403 carries a translated detail.
  const tokens = await page.evaluate(() => localStorage.getItem('zaryad.session'));
  const refused = await request.get('/api/v1/accounts/', {
    headers: { ...auth(JSON.parse(tokens ?? '{}') as TTokenPair), 'Accept-Language': 'en' },
  });
  expect(refused.status()).toBe(403);
});

test('an analyst sees lists without create, edit, delete or status controls', async ({ page, request, admin }) => {
  const merchant = await buildMerchant(request, admin);
  const tag = await buildTag(request, admin);
  await signInAs(page, request, admin, await builtIn(request, admin, 'analyst'), 'en');

  await page.goto(`/merchants?search=${encodeURIComponent(merchant.name)}`);
  await expect(page.getByRole('link', { name: merchant.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add merchant' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Change status/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.goto(`/merchant/${merchant.id}`);
  await expect(page.getByText(merchant.legal_entity)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add station' })).toHaveCount(0);
  // Exports are the analyst's: the report downloads stay.
  await page.goto(`/merchant/${merchant.id}?tab=report`);
  await expect(
    page
      .getByRole('button', { name: 'Download XLSX' })
      .or(page.getByRole('button', { name: 'Download CSV' }))
      .first(),
  ).toBeVisible();

  await page.goto(`/tags?search=${encodeURIComponent(tag.title_en)}`);
  await expect(page.getByRole('cell', { name: tag.title_en })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit: / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete: / })).toHaveCount(0);

  await page.goto('/create-edit-merchant');
  await expect(page.getByText('Access denied')).toBeVisible();
});

test('a custom role made in the matrix: its account sees exactly its screens', async ({
  signedInPage,
  request,
  admin,
  browser,
}) => {
  // Eight screens loaded in two browsers: on a 2-core machine running the other worker too, past 30 s.
  test.setTimeout(60_000);
  const name = `Tags keeper ${unique()}`;
  const page = await signedInPage('en');
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/accounts\/roles$/);
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByLabel('Name').fill(name);
  const matrix = page.getByRole('table', { name: 'Permissions' });
  for (const box of ['Merchants: View', 'Tags: View', 'Tags: Create']) {
    await matrix.getByRole('checkbox', { name: box }).check();
  }
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('The role has been created')).toBeVisible();
  // Other tests add roles to the same server meanwhile: the new one may stand past the list's first 10.
  await page.goto('/accounts/roles?size=100');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('0');

  const role = (await listRoles(request, admin)).find((item) => item.name === name);
  expect(role?.permissions).toEqual(['merchants.view', 'tags.view', 'tags.create'] satisfies TPermission[]);
  if (!role) {
    return;
  }

  const context = await browser.newContext();
  const holder = await context.newPage();
  await signInAs(holder, request, admin, role, 'en');
  await holder.goto('/');
  await expect(holder).toHaveURL(/\/merchants$/);
  const menu = mainMenu(holder);
  // The uptime report is read with merchants.view, under Merchants.
  await expect(menu.getByRole('link')).toHaveText(['Merchants', 'Uptime', 'Tags']);
  await expect(menu.getByText('Users')).toHaveCount(0);
  await expect(holder.getByRole('button', { name: 'Add merchant' })).toHaveCount(0);

  await holder.goto('/tags');
  await expect(holder.getByRole('button', { name: 'Add tag' })).toBeVisible();
  await holder.goto('/rates');
  await expect(holder.getByText('Access denied')).toBeVisible();
  await holder.goto('/accounts/roles');
  await expect(holder.getByText('Access denied')).toBeVisible();
  await context.close();

  // Held by an account now, the role cannot be deleted: the server's refusal says why.
  await page.goto('/accounts/roles?size=100');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/1 account/)).toBeVisible();
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`screenshots: the permission matrix and the 403 page (${language})`, async ({
    page,
    request,
    admin,
    browser,
  }) => {
    const create = await request.post('/api/v1/accounts/roles/', {
      headers: auth(admin),
      data: {
        name: `Смена ${unique()}`,
        permissions: [
          'merchants.view',
          'stations.view',
          'stations.edit',
          'stations.reset',
          'charges.view',
          'charges.stop',
        ],
      },
    });
    expect(create.status()).toBe(201);
    const role = (await create.json()) as TRoleDetails;

    await primeStorage(page, admin, language);
    await page.goto(`/accounts/roles/edit/${role.id}`);
    const matrix = page.getByTestId('permission-matrix');
    await expect(matrix.locator('input[type="checkbox"]:checked')).toHaveCount(6);
    await saveScreenshot(page, 'roles-matrix', language);

    const context = await browser.newContext();
    const operator = await context.newPage();
    await signInAs(operator, request, admin, await builtIn(request, admin, 'operator'), language);
    await operator.goto('/accounts');
    await expect(operator.getByTestId('forbidden-page')).toBeVisible();
    await saveScreenshot(operator, 'forbidden', language);
    await context.close();
  });
}
