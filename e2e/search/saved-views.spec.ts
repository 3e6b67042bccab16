import { expect, test } from '../support/fixtures';
import { e2eUserId } from '../support/users';

test('a saved view of the statement: saved from the filters, applied again, its chips removable, deleted', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await e2eUserId(request, admin, 'bakyt');
  const page = await signedInPage('en');
  await page.goto('/extract-balance');
  await page.getByRole('textbox', { name: 'User ID' }).fill(String(id));
  await page.getByRole('combobox', { name: 'Basis' }).click();
  await page.getByTitle('Charge payment').click();
  await expect(page).toHaveURL(/basis=charge_payment/);
  await expect(page).toHaveURL(new RegExp(`search_by_user_id=${id}`));
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('listitem')).toHaveText([`User ID: ${id}`, 'Basis: Charge payment']);

  const name = `Bakyt's payments ${Date.now()}`;
  await page.getByRole('button', { name: /views of the list|^Views of the list$/i }).click();
  await page.getByRole('menuitem', { name: 'Save the current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view…' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Share with every account' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `${name} — a view of the list` })).toBeVisible();

  // A fresh list, then the view brings its filters back.
  await page.goto('/extract-balance');
  await expect(chips).toHaveCount(0);
  await page.getByRole('button', { name: /views of the list|^Views of the list$/i }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/basis=charge_payment/);
  await expect(page).toHaveURL(new RegExp(`search_by_user_id=${id}`));
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue(String(id));
  await expect(chips.getByRole('listitem')).toHaveCount(2);

  // A chip removed removes its filter; the list no longer shows the view.
  await chips.getByLabel('Remove the filter Basis').click();
  await expect(page).not.toHaveURL(/basis=/);
  await expect(chips.getByRole('listitem')).toHaveText([`User ID: ${id}`]);
  await expect(page.getByRole('button', { name: 'Views of the list', exact: true })).toBeVisible();

  // Applied again, then deleted from the menu.
  await page.getByRole('button', { name: /views of the list|^Views of the list$/i }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/basis=charge_payment/);
  await page.getByRole('button', { name: `${name} — a view of the list` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Views of the list', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /views of the list|^Views of the list$/i }).click();
  await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
});
