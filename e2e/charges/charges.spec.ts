import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { CHARGE_STATIONS, chargesAt, driverId, fillerName, listCharges, stationId } from '../support/charges';
import { expect, test } from '../support/fixtures';

/** A table's charges: its rows less the header's. */
const chargeRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });

/** The station picker's open dropdown (antd renders it in a portal). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

test('/chargers-list: filter by station through the infinite-scroll picker; the list, its totals and a reload agree', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(90_000);
  const alaArcha = await stationId(request, admin, 'alaArcha');
  const page = await signedInPage('en');
  await page.goto('/chargers-list');
  const table = page.getByRole('table', { name: 'Charges' });
  await expect(chargeRows(table).nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  const picker = page.getByRole('combobox', { name: 'Stations' });
  await picker.click();
  const dropdown = openDropdown(page);
  // Page 1 holds the first stations by id: the fillers made before the charges' stations.
  await expect(dropdown.getByTitle(fillerName(0))).toBeVisible();
  const pagesAsked = () =>
    page.waitForRequest((sent) => sent.url().includes('/stations/for-transaction/') && sent.url().includes('page=2'));
  const secondPage = pagesAsked();
  // Scrolled to the bottom, the picker asks for the next page.
  await dropdown.locator('.ant-select-dropdown-list-holder').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
    box.dispatchEvent(new Event('scroll'));
  });
  await secondPage;
  await expect(dropdown.getByTitle(fillerName(20))).toBeAttached();

  // The server searches: the station is found by part of its name and chosen.
  await picker.fill('Ala-Archa');
  await dropdown.getByTitle(CHARGE_STATIONS.alaArcha.en).click();
  await expect(page).toHaveURL(new RegExp(`station_id__in=${alaArcha}(&|$)`));
  await page.keyboard.press('Escape');

  const expected = chargesAt('alaArcha').length;
  await expect(chargeRows(table)).toHaveCount(expected);
  await expect(table.getByRole('link', { name: CHARGE_STATIONS.dordoi.en })).toHaveCount(0);
  await expect(table.getByRole('link', { name: CHARGE_STATIONS.alaArcha.en })).toHaveCount(expected);
  const totals = page.getByRole('status', { name: 'Total' });
  await expect(totals).toContainText(`Charges: ${expected}`);
  // 24.5 + 11.2 kWh finished, nothing on the unauthorized one.
  await expect(totals).toContainText('Consumption: 35.70 kWh');

  // Everything is in the URL: a reload shows the same filter, named, and the same rows.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hide filters' })).toBeVisible();
  await expect(page.locator('#charge-filters .ant-select-selection-item').first()).toContainText(
    CHARGE_STATIONS.alaArcha.en,
  );
  await expect(chargeRows(table)).toHaveCount(expected);
});

test('/chargers-list: a charge in progress is stopped after a confirmation, once, and reads as stopped', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(60_000);
  const timur = await driverId(request, admin, 'timur');
  const running = (await listCharges(request, admin, { search_by_user_id: timur, status: 'in_progress' })).items;
  expect(running).toHaveLength(1);
  const charge = running[0]!;

  const page = await signedInPage('en');
  const stops: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/users/transactions/stop/')) {
      stops.push(sent.postData() ?? '');
    }
  });
  await page.goto(`/chargers-list?search_by_user_id=${timur}`);
  const table = page.getByRole('table', { name: 'Charges' });
  const row = chargeRows(table).filter({ hasText: 'In progress' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Total' })).toContainText('Charges: 1');

  await row.getByRole('button', { name: `Stop charge ${charge.number}` }).click();
  const dialog = page.getByRole('dialog');
  // The station never had a charge point: the confirmation says the charge is closed without one, and sends force.
  await expect(dialog).toContainText(
    `No charge point has ever connected to ${CHARGE_STATIONS.manas.en}. Charge ${charge.number} will be closed without it, at its last meter reading (8.00 kWh).`,
  );
  await dialog.getByRole('button', { name: 'Close without the charge point' }).dblclick();
  await expect(page.getByText(`Charge ${charge.number} has been stopped`)).toBeVisible();
  const stoppedRow = chargeRows(table).filter({ hasText: 'Stopped' });
  await expect(stoppedRow).toHaveCount(1);
  await expect(stoppedRow).toContainText('Closed without the charge point');
  await expect(table.getByRole('button', { name: `Stop charge ${charge.number}` })).toHaveCount(0);
  expect(stops).toEqual([JSON.stringify({ transaction_id: charge.number, force: true })]);

  // The server agrees: the charge is stopped at its last reading and paid from the balance.
  const after = (await listCharges(request, admin, { search_by_id: charge.number })).items[0];
  expect(after?.status).toBe('stopped');
  expect(after?.closed_by).toBe('force');
  expect(after?.consumption_kwh).toBe('8.000');
  expect(after?.total_cost).toBe('128.00');
});

test('/chargers-list: the exports carry the filters on screen', async ({ signedInPage, admin, request }) => {
  test.setTimeout(60_000);
  const dordoi = await stationId(request, admin, 'dordoi');
  const page = await signedInPage('ru');
  await page.goto(`/chargers-list?station_id__in=${dordoi}&payment_method=personal_balance`);
  const table = page.getByRole('table', { name: 'Зарядки' });
  const shown = chargesAt('dordoi').filter((charge) => charge.paymentMethod === 'personal_balance');
  await expect(chargeRows(table)).toHaveCount(shown.length);

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync(await csvFile.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  // Russian headers (the interface language), then one line per charge on screen, of that station only.
  expect(lines[0]).toContain('Станция');
  expect(lines).toHaveLength(shown.length + 1);
  for (const line of lines.slice(1)) {
    expect(line).toContain(CHARGE_STATIONS.dordoi.ru);
    expect(line).toContain('Личный баланс');
  }
  const list = await listCharges(request, admin, { station_id__in: dordoi, payment_method: 'personal_balance' });
  for (const charge of list.items) {
    expect(text).toContain(String(charge.number));
  }

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт XLSX' }).click();
  const xlsxFile = await xlsx;
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync(await xlsxFile.path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
});
