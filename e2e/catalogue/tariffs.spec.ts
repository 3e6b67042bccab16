import type { Page } from '@playwright/test';
import type { TCharge, TPaged, TPricePreview, TRate } from '@zaryad/contracts';
import { unique } from '../support/api';
import { connectChargePoint } from '../support/charge-points';
import { expect, LANGUAGE_KEY, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

// Tariffs II (issue 37): a merchant's own tariff with a night price, made in the rate form, previewed on the station,
// and a charge across the price's boundary, told by a simulated charge point, costs what the preview said.

/** The app id tag of the driver 'screens' of support/users.ts, who has a balance. */
const DRIVER_ID_TAG = 'E2E-APP-0004';
const MINUTE = 60_000;
const BISHKEK_MS = 6 * 3_600_000;

/** `HH:MM` of Bishkek's wall clock at a moment. */
const bishkekClock = (at: number) => new Date(at + BISHKEK_MS).toISOString().slice(11, 16);

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a night price made in the form is previewed on the station, and a charge across it costs what the preview said', async ({
  signedInPage,
  request,
  admin,
}) => {
  test.setTimeout(120_000);
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id, { connectors: [{ typo: 'ccs2', power_kWh: 60 }] });
  const point = await connectChargePoint(station.identity);
  const headers = { authorization: `Bearer ${admin.access}` };
  try {
    // The night price starts at the first whole minute after the next half hour, for six hours.
    const boundary = Math.ceil((Date.now() + 30 * MINUTE) / MINUTE) * MINUTE;
    const name = `E2E night ${unique()}`;
    const page = await signedInPage('en');
    await page.goto('/rates/create');
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByText('Default', { exact: true }).click();
    await drawer.getByRole('combobox', { name: 'Connector type' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'CCS2' }).first().click();
    const merchantPicker = drawer.getByRole('combobox', { name: 'The whole network' });
    await merchantPicker.click();
    await merchantPicker.fill(merchant.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: merchant.name }).click();
    await drawer.getByLabel('Price per kWh, som').fill('20');
    await drawer.getByRole('button', { name: 'Add a period' }).click();
    const period = drawer.getByRole('group', { name: 'Period 1' });
    await period.getByLabel('Price, som').fill('8');
    await period.getByLabel('From', { exact: true }).fill(bishkekClock(boundary));
    await period.getByLabel('To', { exact: true }).fill(bishkekClock(boundary + 6 * 3_600_000));
    await drawer.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('The tariff has been created')).toBeVisible();

    // Activated in the list: now it is the merchant's tariff for CCS2.
    await page.getByRole('searchbox').fill(name);
    await expect(rowOf(page, name)).toBeVisible();
    await rowOf(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Activate (1)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // The station shows the tariff in force on its connector.
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    await expect(page.getByText("Merchant's tariff")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/20\.00/).first()).toBeVisible();

    // The preview's estimate of 10 kWh over the hour from now.
    const connectorId = station.evses[0]?.connectors[0]?.id;
    const previewResponse = await request.get(`/api/v1/stations/connectors/${connectorId}/price/?kwh=10&minutes=60`, {
      headers,
    });
    expect(previewResponse.status()).toBe(200);
    const preview = (await previewResponse.json()) as TPricePreview;
    expect(preview.rate).toMatchObject({ name, source: 'merchant' });
    expect(preview.timeline.map((stretch) => stretch.fee).slice(0, 3)).toEqual(['20.00', '8.00', '20.00']);
    const estimate = preview.estimate;
    expect(estimate?.segments.map((segment) => segment.fee)).toEqual(['20.00', '8.00']);

    // The charge point tells a charge over that very hour: 10 kWh, started when the preview was asked.
    const startedAt = new Date(preview.timeline[0]?.from ?? Date.now());
    const started = await point.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: DRIVER_ID_TAG,
      meterStart: 0,
      timestamp: startedAt.toISOString(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    await point.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 10_000,
      timestamp: new Date(startedAt.getTime() + 60 * MINUTE).toISOString(),
      reason: 'EVDisconnected',
    });
    const listed = await request.get(`/api/v1/users/transactions/?station_id__in=${station.id}`, { headers });
    const [charge] = ((await listed.json()) as TPaged<TCharge>).items;
    expect(charge?.cost_breakdown).toMatchObject({ energy: estimate?.energy, amount: estimate?.amount });
    expect(charge?.tariff).toMatchObject({ kind: 'merchant' });

    // The breakdown on the charge, the form and the station, in every language.
    const rate = (
      (await (
        await request.get(`/api/v1/payments/?search=${encodeURIComponent(name)}`, { headers })
      ).json()) as TPaged<TRate>
    ).items[0];
    for (const language of LANGUAGES_UNDER_TEST) {
      // The page was primed in English; the app reads the language kept in local storage at each load.
      const shown = page;
      await shown.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_KEY, language] as const);
      await shown.goto(`/chargers-list?station_id__in=${station.id}`);
      const row = shown
        .locator('.ant-table-row')
        .filter({ hasText: String(charge?.number) })
        .first();
      await row.locator('.ant-table-row-expand-icon').click();
      await expect(shown.getByTestId('cost-breakdown')).toBeVisible();
      await saveScreenshot(shown, 'tariffs-charge-breakdown', language);
      await shown.goto(`/edit-rates/${rate?.id}`);
      await expect(shown.getByTestId('tariff-period')).toBeVisible();
      await saveScreenshot(shown, 'tariffs-rate-drawer', language);
      // The drawer's lower half: the day's prices and the versions.
      await shown.getByTestId('rate-versions').getByRole('table').scrollIntoViewIfNeeded();
      await expect(shown.getByTestId('rate-versions').getByRole('row')).toHaveCount(2);
      await saveScreenshot(shown, 'tariffs-rate-versions', language);
      await shown.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
      await expect(shown.getByTestId(`tariff-now-${connectorId}`)).toBeVisible({ timeout: 20_000 });
      await saveScreenshot(shown, 'tariffs-station-info', language);
    }
  } finally {
    await point.close();
  }
});
