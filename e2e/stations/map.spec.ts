import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant } from '../support/network';

// The stand-in gazetteer's place nearest to the map's opening point (42.87, 74.59).
const NEAREST = { ru: 'Бишкек, Ошский рынок', en: 'Bishkek, Osh Bazaar', ky: 'Бишкек, Ош базары' } as const;
const TEXTS = {
  ru: {
    map: 'Карта',
    form: 'Форма',
    save: 'Сохранить координаты',
    search: 'Найти место',
    notFound: 'Поиск не дал результатов',
    okay: 'Хорошо',
    field: 'Адрес или место',
  },
  en: {
    map: 'Map',
    form: 'Form',
    save: 'Save coordinates',
    search: 'Search for a place',
    notFound: 'Search not found',
    okay: 'Okay',
    field: 'Address or place',
  },
  ky: {
    map: 'Карта',
    form: 'Форма',
    save: 'Координаттарды сактоо',
    search: 'Жерди издөө',
    notFound: 'Издөө натыйжа берген жок',
    okay: 'Макул',
    field: 'Дарек же жер',
  },
} as const;

const openMap = async (page: import('@playwright/test').Page, merchantId: number, language: TLanguage) => {
  await page.goto(`/merchant/${merchantId}/create-station`);
  await page.getByText(TEXTS[language].map, { exact: true }).click();
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  // Tiles come from the local stand-in, never from the internet.
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(await page.locator('img.leaflet-tile').first().getAttribute('src')).toContain('127.0.0.1');
  return map;
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`a click on the map shows the resolved address, and saving fills the coordinates (${language})`, async ({
    signedInPage,
    request,
    admin,
  }) => {
    const merchant = await buildMerchant(request, admin);
    const page = await signedInPage(language);
    const map = await openMap(page, merchant.id, language);
    const box = await map.boundingBox();
    expect(box?.height).toBeCloseTo(900 * 0.6, -1);
    await map.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('picked-address')).toHaveText(NEAREST[language]);
    await expect(dialog.getByTestId('picked-coordinates')).toContainText(/42\.8\d{5}\D+74\.5\d{5}$/);
    await saveScreenshot(page, 'map-picked-point', language);
    await dialog.getByRole('button', { name: TEXTS[language].save }).click();
    await expect(dialog).toBeHidden();
    // The saved point carries the station marker, 45x45, with its popup.
    const marker = page.locator('img.leaflet-marker-icon');
    await expect(marker).toBeVisible();
    expect(await marker.evaluate((element) => [element.clientWidth, element.clientHeight])).toEqual([45, 45]);
    await expect(page.locator('.leaflet-popup-content')).toBeVisible();
    await page.getByText(TEXTS[language].form, { exact: true }).click();
    await expect(page.locator('#latitude, [id$="_latitude"]').first()).toHaveValue(/^42\.8\d{5}$/);
    await expect(page.locator('#longitude, [id$="_longitude"]').first()).toHaveValue(/^74\.5\d{5}$/);
  });
}

test('the search icon opens a field; a found place flies to zoom 12, nothing found opens a modal', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const page = await signedInPage('en');
  await openMap(page, merchant.id, 'en');
  await page.getByRole('button', { name: TEXTS.en.search }).click();
  const field = page.getByRole('combobox', { name: TEXTS.en.field }).or(page.getByPlaceholder(TEXTS.en.field)).first();
  await field.fill('Ala-Too');
  await field.press('Enter');
  await expect(page.locator('img.leaflet-tile[src*="/tiles/12/"]').first()).toBeAttached();

  await field.fill('Nowhere street 999');
  await field.press('Enter');
  const notFound = page.getByRole('dialog').filter({ hasText: TEXTS.en.notFound });
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('Nowhere street 999');
  await saveScreenshot(page, 'map-search-not-found', 'en');
  await notFound.getByRole('button', { name: TEXTS.en.okay }).click();
  await expect(notFound).toBeHidden();
  // Enter in the search field searched; it did not submit the station form around the map.
  await expect(page.getByText('Incorrectly filled field')).toHaveCount(0);
});

test('no request leaves for the public map services', async ({ signedInPage, request, admin }) => {
  const merchant = await buildMerchant(request, admin);
  const page = await signedInPage('ru');
  const outside: string[] = [];
  page.on('request', (sent) => {
    if (/openstreetmap|nominatim/.test(sent.url())) {
      outside.push(sent.url());
    }
  });
  await openMap(page, merchant.id, 'ru');
  await page.getByRole('button', { name: TEXTS.ru.search }).click();
  await expect(page.getByPlaceholder(TEXTS.ru.field)).toBeVisible();
  expect(outside).toEqual([]);
});
