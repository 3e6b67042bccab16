import { accessibilityViolations } from '../support/axe';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

const menuTexts = { ru: 'Аккаунты', en: 'Accounts', ky: 'Аккаунттар' } as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the shell reads in ${language} and has no accessibility violations`, async ({ signedInPage }) => {
    const page = await signedInPage(language);
    await page.goto('/accounts');
    await expect(page.getByTestId('manager-label')).toBeVisible();
    // The group of the current screen is open, with the screen's item in it.
    await expect(page.getByRole('menuitem', { name: menuTexts[language] })).toBeVisible();
    await saveScreenshot(page, 'shell', language);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test('the language switch changes the texts and Accept-Language, and survives a reload', async ({
  signedInPage,
}) => {
  const page = await signedInPage('ru');
  await page.goto('/accounts');
  await expect(page.getByTestId('manager-label')).toBeVisible();

  const languages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) {
      languages.push(request.headers()['accept-language'] ?? '');
    }
  });
  const remembered = page.waitForResponse(
    (response) => response.url().includes('/api/v1/accounts/settings/') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'ENG', exact: true }).or(page.getByText('ENG', { exact: true })).first().click();
  // The account remembers the choice: /settings shows it and other devices can follow it.
  expect(await (await remembered).json()).toMatchObject({ language: 'en' });
  await expect(page.getByRole('heading', { name: 'Accounts' }).or(page.getByText('Accounts').first()).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('manager-label')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  expect(languages.at(-1)).toBe('en');
});

test('the sider collapses from 240 to 68 and an unknown path falls to the default page', async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  await page.goto('/no/such/screen');
  await expect(page.getByTestId('manager-label')).toBeVisible();
  const sider = page.locator('.ant-layout-sider').first();
  await expect(sider).toHaveCSS('width', '240px');
  await page.getByRole('button', { name: 'Collapse the menu' }).click();
  await expect(sider).toHaveCSS('width', '68px');
  await page.getByRole('button', { name: 'Expand the menu' }).click();
  await expect(sider).toHaveCSS('width', '240px');
});
