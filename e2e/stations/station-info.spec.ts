import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

const TEXTS = {
  ru: {
    title: 'Станция',
    details: 'Информация о станции',
    reset: 'Перезагрузка (Hard)',
    failed: 'Не удалось отправить запрос на перезагрузку. Попробуйте ещё раз.',
    stationIsHere: 'Станция здесь',
  },
  en: {
    title: 'Station',
    details: 'Station information',
    reset: 'Restart (Hard)',
    failed: 'Failed to send the restart request. Please try again.',
    stationIsHere: 'The station is here',
  },
  ky: {
    title: 'станциясы',
    details: 'Станция жөнүндө маалымат',
    reset: 'Кайра жүктөө (Hard)',
    failed: 'Кайра жүктөө сурамын жөнөтүү мүмкүн болбоду. Кайра аракет кылыңыз.',
    stationIsHere: 'Станция ушул жерде',
  },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`station info shows a station created through the API (${language})`, async ({
    signedInPage,
    request,
    admin,
  }) => {
    const merchant = await buildMerchant(request, admin);
    const station = await buildStation(request, admin, merchant.id, {
      connectors: [
        { typo: 'ccs2', power_kWh: 60 },
        { typo: 'type2', power_kWh: 22 },
      ],
    });
    const page = await signedInPage(language);
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(station.name_ru) })).toBeVisible();
    await expect(page.getByText(TEXTS[language].details)).toBeVisible();
    await expect(page.getByText(station.identity)).toBeVisible();
    await expect(page.getByTestId('schedule-summary')).toContainText('09:00–18:00');
    // Connectors in connector_id order, each with its type.
    const connectors = page.locator('[data-testid^="connector-"]');
    await expect(connectors).toHaveCount(2);
    await expect(connectors.nth(0)).toContainText('CCS');
    await expect(connectors.nth(1)).toContainText('Type 2');
    await expect(page.getByTestId('station-photos').locator('img')).toHaveCount(1);
    await expect(page.locator('img.leaflet-marker-icon')).toBeVisible();
    await expect(page.locator('.leaflet-popup-content')).toHaveText(TEXTS[language].stationIsHere);
    await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await saveScreenshot(page, 'station-info', language);
  });
}

test('a hard restart asks first, then tells truthfully that the request did not reach the station', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const page = await signedInPage('en');
  await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
  await page.getByRole('button', { name: TEXTS.en.reset }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(station.identity);
  await saveScreenshot(page, 'station-info-reset-confirm', 'en');
  await confirm.getByRole('button', { name: TEXTS.en.reset }).click();
  await expect(page.locator('.ant-message')).toContainText(TEXTS.en.failed);
  // The charge point panel's command log on the same screen shows the attempt, without a reload.
  await expect(page.getByTestId('charge-point-card').locator('.ant-table-tbody')).toContainText('Reset');
});

test('the edit button opens the station form', async ({ signedInPage, request, admin }) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const page = await signedInPage('en');
  await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/${merchant.id}/edit-station/${station.id}$`));
});
