import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { e2eUserId } from '../support/users';

test('/extract-balance: the filters in the URL, the totals of the filtered set, the exports', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(60_000);
  const id = await e2eUserId(request, admin, 'bakyt');
  const page = await signedInPage('en');
  await page.goto('/extract-balance');
  await page.getByRole('textbox', { name: 'User ID' }).fill(String(id));
  await expect(page).toHaveURL(new RegExp(`search_by_user_id=${id}`));
  const table = page.getByRole('table', { name: 'Balance statement' });
  await expect(table.getByRole('row').filter({ hasText: 'Бакыт Маматов' })).toHaveCount(2);
  const totals = page.getByRole('status', { name: 'Total for the selection' });
  await expect(totals).toContainText('Entries: 2');
  await expect(totals).toContainText('Debit: 250.50 som');
  await expect(totals).toContainText('Credit: 100.00 som');

  await page.getByRole('combobox', { name: 'Basis' }).click();
  await page.getByTitle('Charge payment').click();
  await expect(page).toHaveURL(/basis=charge_payment/);
  await expect(table.getByRole('row').filter({ hasText: 'Бакыт Маматов' })).toHaveCount(1);
  await expect(totals).toContainText('Entries: 1');
  await expect(totals).toContainText('Credit: 0.00 som');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue(String(id));
  await expect(totals).toContainText('Entries: 1');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = readFileSync(await (await csv).path(), 'utf8');
  expect(text).toContain('Бакыт Маматов');
  expect(text).toContain('250.50');
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect(
    readFileSync(await (await xlsx).path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
