import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { chooseOption } from '../support/pickers';

test('/users: search, a filter in the URL that survives a reload, a negative balance in red, the exports', async ({
  signedInPage,
}) => {
  test.setTimeout(60_000);
  const page = await signedInPage('en');
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });

  // A phone fragment as an operator types it from a call, with the mask's spaces.
  await page.getByRole('searchbox').fill('700 111');
  await expect(page).toHaveURL(/search=700/);
  await expect(table.getByRole('link', { name: 'Айгерим Садыкова' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Бакыт Маматов' })).toHaveCount(0);
  const aigerim = table.getByRole('row').filter({ hasText: 'Айгерим Садыкова' });
  await expect(aigerim).toContainText('+996 (700) 11-12-22');
  // Registered 03:15 UTC: 09:15 in Bishkek.
  await expect(aigerim).toContainText('10.03.2026 09:15');
  await expect(aigerim).toContainText('500.00');

  await page.getByRole('searchbox').fill('Бакыт Маматов');
  const bakyt = table.getByRole('row').filter({ hasText: 'Бакыт Маматов' });
  await expect(bakyt.getByTestId('negative-money')).toHaveText('-150.50');
  await expect(bakyt.getByTestId('negative-money')).toHaveCSS('color', 'rgb(207, 19, 34)');

  await page.getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Filters' }).click();
  // The option is clicked once the dropdown stands open, as a user sees it, and the URL has it before the balance.
  await chooseOption(page.getByRole('combobox', { name: 'Gender' }), 'Female');
  await expect(page).toHaveURL(/gender=female/);
  await page.getByRole('textbox', { name: 'Balance from' }).fill('100');
  await expect(page).toHaveURL(/balance__from=100/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Balance from' })).toHaveValue('100');
  await expect(table.getByRole('link', { name: 'Айгерим Садыкова' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Нурлан Осмонов' })).toHaveCount(0);

  // The export takes the same filters: the women with at least 100 som.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync(await csvFile.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Айгерим Садыкова');
  expect(text).not.toContain('Нурлан Осмонов');

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsxFile = await xlsx;
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync(await xlsxFile.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
