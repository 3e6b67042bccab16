import { expect, test } from '../support/fixtures';
import { e2eUserId } from '../support/users';

test('user/{id}: a top-up with its confirmation changes the balance and shows in the statement', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await e2eUserId(request, admin, 'nurlan');
  const page = await signedInPage('en');
  await page.goto(`/user/${id}`);
  const balance = page.getByTestId('user-balance');
  await expect(balance).toContainText('1,200.00');
  await expect(page.getByText('Tesla', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Top up' }).click();
  const dialog = page.locator('.ant-modal-wrap:visible').last();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Top up balance is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount, som' }).fill('1500.5');
  await dialog.locator('label').filter({ hasText: 'Other card' }).click();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('e2e top-up at the desk');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Top up the balance of Нурлан Осмонов by 1,500.50 som?');
  await dialog.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByText('The balance of Нурлан Осмонов has been topped up by 1,500.50 som')).toBeVisible();
  await expect(balance).toContainText('2,700.50');

  const statement = page.getByRole('table', { name: 'Statement' });
  const entry = statement.getByRole('row').filter({ hasText: 'e2e top-up at the desk' });
  await expect(entry).toContainText('Balance top-up');
  await expect(entry).toContainText('Other card');
  await expect(entry).toContainText('1,500.50');
  await expect(entry).toContainText('2,700.50');

  // The server keeps the balance too: a reload reads the same.
  await page.reload();
  await expect(page.getByTestId('user-balance')).toContainText('2,700.50');

  await page.getByRole('tab', { name: 'ID tags' }).click();
  await expect(page).toHaveURL(/tab=id-tags/);
});

test('user/{id} of a user that does not exist is a not-found page', async ({ signedInPage }) => {
  const page = await signedInPage('en');
  await page.goto('/user/999999');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('button', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
});
