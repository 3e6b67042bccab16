import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

test('the merchant report lists the stations for a period and downloads as xlsx and csv', async ({
  signedInPage,
  admin,
  request,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id, { name: 'Report station' });
  const page = await signedInPage('en');
  await page.goto(`/merchant/${merchant.id}`);
  await page.getByRole('tab', { name: 'Report' }).click();
  await expect(page).toHaveURL(/tab=report/);
  const report = page.getByRole('table', { name: 'Report' });
  const row = report.getByRole('row').filter({ hasText: 'Report station' });
  await expect(row).toBeVisible();
  // A station without charges: its figures written as English writes them (kWh to 3 decimals, as the report's file).
  await expect(row.getByRole('cell')).toHaveText([String(station.id), 'Report station', '0', '0.000', '0.00']);
  await expect(report.getByText('Total')).toBeVisible();

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  const xlsxFile = await xlsx;
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
  // An xlsx file is a zip archive: it opens with PK.
  expect(
    readFileSync(await xlsxFile.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await csvFile.path(), 'utf8')).toContain('Report station');
});
