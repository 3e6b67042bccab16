import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { translateMessage, type TSurrounding, type TTokenPair } from '@zaryad/contracts';
import { unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

/** The screen's words a test clicks, per language (apps/web/src/locales/<lang>/catalogue.ts and kit.ts). */
const WORDS = {
  ru: { add: 'Добавить инфраструктуру', wizard: 'Новый объект инфраструктуры', further: 'Далее', iconAlt: 'Иконка' },
  en: { add: 'Add infrastructure', wizard: 'New infrastructure item', further: 'Next', iconAlt: 'Icon' },
  ky: { add: 'Инфраструктура кошуу', wizard: 'Жаңы инфраструктура объектиси', further: 'Кийинки', iconAlt: 'Сүрөтчө' },
} as const;

/** Real, small icons in the style of the demo data: a cup and a Wi-Fi fan. */
const CUP_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#22A699" stroke-width="2">
<path d="M3 8h14v6a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5z"/><path d="M17 10h2a2 2 0 0 1 0 4h-2"/><path d="M7 2v3M11 2v3"/></svg>`;
const WIFI_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#22A699" stroke-width="2">
<path d="M2 9a15 15 0 0 1 20 0"/><path d="M5 13a10 10 0 0 1 14 0"/><path d="M8.5 16.5a5 5 0 0 1 7 0"/><circle cx="12" cy="20" r="1"/></svg>`;
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const svgFile = (name: string, svg: string) => ({ name, mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
const auth = (admin: TTokenPair) => ({ Authorization: `Bearer ${admin.access}` });

async function buildSurrounding(
  request: APIRequestContext,
  admin: TTokenPair,
  titles: { title_ru: string; title_en?: string; title_ky?: string },
  svg = CUP_SVG,
  active = true,
) {
  const response = await request.post('/api/v1/common/surroundings/', {
    multipart: { ...titles, icon: svgFile('icon.svg', svg) },
    headers: auth(admin),
  });
  expect(response.status()).toBe(201);
  const item = (await response.json()) as TSurrounding;
  if (!active) {
    const patch = await request.patch('/api/v1/common/surroundings/statuses/', {
      data: { ids: [item.id], active: false },
      headers: auth(admin),
    });
    expect(patch.status()).toBe(200);
  }
  return item;
}

async function openInfrastructure(page: Page, mark: string) {
  await page.goto(`/infrastructure?search=${encodeURIComponent(mark)}`);
  await expect(page.getByRole('table')).toBeVisible();
}

const rowWith = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });
const wizard = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });

/** The icon is on screen and really decoded (a broken or refused image has no natural width). */
async function expectIconLoaded(icon: Locator) {
  await expect(icon).toBeVisible();
  await expect
    .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

test('an item is created with a real svg in ru, en and ky, shown in the table, edited, deactivated and deleted', async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  const mark = unique();
  await openInfrastructure(page, mark);

  await page.getByRole('button', { name: 'Add infrastructure' }).click();
  const dialog = wizard(page, 'New infrastructure item');
  await dialog.getByLabel('Title in Russian').fill(`Кафе ${mark}`);
  await dialog.locator('input[type="file"]').setInputFiles(svgFile('cup.svg', CUP_SVG));
  await expect(dialog.getByRole('img', { name: 'cup.svg' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title in English').fill(`Café ${mark}`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title in Kyrgyz').fill(`Кафе ky ${mark}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The infrastructure item has been created')).toBeVisible();

  const row = rowWith(page, `Café ${mark}`);
  await expect(row.getByRole('group', { name: 'Filled in: Kyrgyz, Russian, English' })).toBeVisible();
  await expectIconLoaded(row.getByRole('img', { name: `Icon: Café ${mark}` }));

  // Edit: a new icon and a new English title; the new file replaces the old one.
  const oldIcon = await row.getByRole('img', { name: `Icon: Café ${mark}` }).getAttribute('src');
  await row.getByRole('button', { name: `Edit: Café ${mark}` }).click();
  const editor = wizard(page, 'Editing the infrastructure item');
  await expect(editor.getByRole('img', { name: `Кафе ${mark}` })).toBeVisible();
  await editor.locator('input[type="file"]').setInputFiles(svgFile('wifi.svg', WIFI_SVG));
  await editor.getByRole('button', { name: 'Next' }).click();
  await editor.getByLabel('Title in English').fill(`Wi-Fi ${mark}`);
  await editor.getByRole('button', { name: 'Next' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The changes have been saved')).toBeVisible();
  const edited = rowWith(page, `Wi-Fi ${mark}`);
  const newIcon = edited.getByRole('img', { name: `Icon: Wi-Fi ${mark}` });
  await expectIconLoaded(newIcon);
  expect(await newIcon.getAttribute('src')).not.toBe(oldIcon);

  const reason = 'An active record cannot be deleted. Deactivate it first.';
  await expect(edited.getByRole('button', { name: `Delete: Wi-Fi ${mark}. ${reason}` })).toBeDisabled();
  await edited.getByTestId('delete-disabled').hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);

  await edited.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Deactivate (1)' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Deactivate the selected records (1)?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(edited.getByText('Inactive')).toBeVisible();

  await edited.getByRole('button', { name: `Delete: Wi-Fi ${mark}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The infrastructure item has been deleted')).toBeVisible();
  await expect(edited).toBeHidden();
});

test('bulk activation switches the selected inactive items', async ({ signedInPage, admin, request }) => {
  const mark = unique();
  await buildSurrounding(request, admin, { title_ru: `Туалет ${mark}`, title_en: `Toilet ${mark}` }, CUP_SVG, false);
  await buildSurrounding(request, admin, { title_ru: `Магазин ${mark}`, title_en: `Shop ${mark}` }, WIFI_SVG, false);
  const page = await signedInPage('en');
  await openInfrastructure(page, mark);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Activate (2)' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Activate the selected records (2)?' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(rowWith(page, `Toilet ${mark}`).getByText('Active')).toBeVisible();
  await expect(rowWith(page, `Shop ${mark}`).getByText('Active')).toBeVisible();
});

test('the icon is required, svg only, at most 256KB, and a png named .svg is refused by the server', async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  await openInfrastructure(page, unique());
  await page.getByRole('button', { name: 'Add infrastructure' }).click();
  const dialog = wizard(page, 'New infrastructure item');
  await dialog.getByLabel('Title in Russian').fill(`Парковка ${unique()}`);
  // The icon belongs to no language: the first step's 'Next' asks for it.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(translateMessage('icon_required', 'en'))).toBeVisible();

  const padding = `<!--${' '.repeat(256 * 1024)}-->`;
  await dialog.locator('input[type="file"]').setInputFiles(svgFile('huge.svg', `${CUP_SVG}${padding}`));
  await expect(page.getByText('Image must be 256KB or smaller')).toBeVisible();

  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.svg', mimeType: 'image/svg+xml', buffer: PNG_BYTES });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(translateMessage('svg_only', 'en'))).toBeVisible();
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the infrastructure screen and its wizard read in ${language}; a blank title gets the translated message`, async ({
    signedInPage,
    admin,
    request,
  }) => {
    const mark = unique();
    await buildSurrounding(request, admin, {
      title_ru: `Кафе ${mark}`,
      title_en: `Café ${mark}`,
      title_ky: `Кафе ${mark}`,
    });
    await buildSurrounding(request, admin, { title_ru: `Wi-Fi ${mark}`, title_en: `Wi-Fi ${mark}` }, WIFI_SVG);
    await buildSurrounding(
      request,
      admin,
      { title_ru: `Туалет ${mark}`, title_ky: `Ажаткана ${mark}` },
      CUP_SVG,
      false,
    );
    const words = WORDS[language];
    const page = await signedInPage(language);
    await openInfrastructure(page, mark);
    await expect(page.getByRole('row')).toHaveCount(4);
    for (const icon of await page.getByRole('img', { name: new RegExp(`^${words.iconAlt}: `) }).all()) {
      await expectIconLoaded(icon);
    }
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'infrastructure', language);

    await page.getByRole('button', { name: words.add }).click();
    const dialog = wizard(page, words.wizard);
    await dialog.getByRole('button', { name: words.further }).click();
    await expect(dialog.getByText(translateMessage('blank', language))).toBeVisible();
    await dialog.getByRole('textbox').fill(`Зарядная станция ${mark}`);
    await dialog.locator('input[type="file"]').setInputFiles(svgFile('cup.svg', CUP_SVG));
    await expect(dialog.locator('.ant-upload-list-item')).toBeVisible();
    await saveScreenshot(page, 'infrastructure-wizard', language);
  });
}
