import type { Page } from '@playwright/test';
import { bannerImage, buildBanner, fullscreenImage } from '../support/banners';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { chooseOption } from '../support/pickers';

/** Chooses the image and confirms the crop modal, as a user does. */
const chooseImage = async (page: Page, name: string, buffer: Buffer) => {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer });
  const crop = page.getByRole('dialog').filter({ hasText: 'Edit image' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'OK' }).click();
  await expect(crop).toBeHidden();
};

/** Types the period into the range picker, start then end, Bishkek time. */
const fillPeriod = async (page: Page, start: string, end: string) => {
  const from = page.getByPlaceholder('Start date');
  const to = page.getByPlaceholder('End date');
  const confirm = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button');
  await from.click();
  await from.fill(start);
  await confirm.click();
  await to.fill(end);
  await confirm.click();
  await expect(from).toHaveValue(start);
  await expect(to).toHaveValue(end);
};

/** Picks one option of a multiple select and closes its dropdown. */
const pickOne = async (page: Page, label: string, option: string) => {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId ?? ''}"]`) });
  await dropdown.getByTitle(option, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
};

const table = (page: Page) => page.getByRole('table');

test('a banner is created with its image, merchant and stations', async ({ signedInPage, admin, request }) => {
  test.setTimeout(60_000);
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const name = `Ночная скидка ${Date.now()}`;
  const page = await signedInPage('en');
  await page.goto('/banners');
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page).toHaveURL(/\/banners\/create-banner\/$/);

  await page.getByLabel('Name').fill(name);
  await chooseImage(page, 'banner.png', bannerImage());
  await page.getByLabel('Source link').fill('https://zaryad.kg/promo/night');
  await page.getByLabel('Button text').fill('More');
  await page.getByLabel('Button colour', { exact: true }).fill('#0B3D5C');
  await chooseOption(page.getByRole('combobox', { name: 'No merchant: the whole network' }), merchant.name, {
    search: true,
  });
  await pickOne(page, 'Stations', station.name_en);
  await fillPeriod(page, '01.12.2030 09:00', '31.12.2030 18:00');
  // The preview shows the chosen image with its button.
  await expect(page.getByRole('figure').getByText('More')).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/banners$/);
  const row = table(page).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(merchant.name);
  await expect(row).toContainText('01.12.2030 09:00 – 31.12.2030 18:00');
  await expect(row.getByRole('img', { name })).toHaveAttribute('src', /^\/media\/banners\/.+\.png$/);
});

test('a fullscreen is created with its 9:19.5 crop and shown on a phone screen', async ({ signedInPage }) => {
  test.setTimeout(60_000);
  const name = `Zaryad 3.0 ${Date.now()}`;
  const page = await signedInPage('en');
  await page.goto('/banners?tab=fullscreen');
  await page.getByRole('button', { name: 'Add fullscreen' }).click();
  await expect(page).toHaveURL(/\/banners\/create-fullscr\/$/);

  await page.getByLabel('Name').fill(name);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ios.png', mimeType: 'image/png', buffer: fullscreenImage() });
  const crop = page.getByRole('dialog').filter({ hasText: 'Edit image' });
  await expect(crop).toBeVisible();
  // The aspect is locked: no aspect slider in this crop.
  await expect(crop.getByRole('slider')).toHaveCount(2);
  await crop.getByRole('button', { name: 'OK' }).click();
  await expect(crop).toBeHidden();
  await expect(page.getByRole('figure').getByRole('img', { name })).toBeVisible();

  await page.getByLabel('Link').fill('https://zaryad.kg/app');
  await pickOne(page, 'Screens it opens on', 'Main screen');
  await fillPeriod(page, '01.12.2030 09:00', '15.12.2030 21:00');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/banners\?tab=fullscreen$/);
  await expect(page.getByRole('tab', { name: 'Fullscreen', selected: true })).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('an edited banner leaves the list and is found in the archive tab', async ({ signedInPage, admin, request }) => {
  test.setTimeout(60_000);
  const banner = await buildBanner(request, admin, 'banner', { status: 1 });
  const page = await signedInPage('en');
  await page.goto(`/banners?search=${encodeURIComponent(banner.name)}`);
  const row = table(page).getByRole('row').filter({ hasText: banner.name });
  await row.getByRole('button', { name: `Edit ${banner.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/banners/create-banner/${banner.id}$`));
  await expect(page.getByLabel('Name')).toHaveValue(banner.name);

  // Its period moves into the past: it belongs to the archive now.
  await fillPeriod(page, '01.01.2025 09:00', '31.01.2025 18:00');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/banners\?search=/);
  await expect(
    page.getByText(`«${banner.name}» is saved. You will find it in the «Archive banner» tab.`),
  ).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: banner.name })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Archive banner' }).click();
  await expect(page).toHaveURL(/tab=archive-banner/);
  await page.getByPlaceholder('Search by name').fill(banner.name);
  await expect(table(page).getByRole('row').filter({ hasText: banner.name })).toContainText('Inactive');
});

test('bulk status switches the selected fullscreens after a confirmation', async ({ signedInPage, admin, request }) => {
  test.setTimeout(60_000);
  const prefix = `Bulk ${Date.now()}`;
  const first = await buildBanner(request, admin, 'fullscreen', { name: `${prefix} A` });
  const second = await buildBanner(request, admin, 'fullscreen', { name: `${prefix} B` });
  const page = await signedInPage('en');
  await page.goto(`/banners?tab=fullscreen&search=${encodeURIComponent(prefix)}`);
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select row ${first.id}` }).check();
  await page.getByRole('checkbox', { name: `Select row ${second.id}` }).check();
  await page.getByRole('button', { name: 'Deactivate (2)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Deactivate the selected records (2)?');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(table(page).getByText('Inactive')).toHaveCount(2);

  // An ended item cannot be switched back on: the server's message is shown.
  const ended = await buildBanner(request, admin, 'fullscreen', {
    name: `${prefix} C`,
    status: 1,
    startDays: -10,
    endDays: -1,
  });
  await page.goto(`/banners?tab=archive-fullscreen&search=${encodeURIComponent(prefix)}`);
  await page.getByRole('checkbox', { name: `Select row ${ended.id}` }).check();
  await page.getByRole('button', { name: 'Activate (1)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`they cannot be activated: ${ended.id}`)).toBeVisible();
});
