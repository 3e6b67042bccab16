import type { APIRequestContext, Page } from '@playwright/test';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';
import { expect } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/** The password support/network.ts gives every station it creates. */
const PASSWORD = 'Abcdefgh12345678';

/** A merchant with two stations, each with a simulated charge point connected and booted. */
export const twoConnectedStations = async (request: APIRequestContext, admin: Parameters<typeof buildMerchant>[1]) => {
  const merchant = await buildMerchant(request, admin);
  const stations = [await buildStation(request, admin, merchant.id), await buildStation(request, admin, merchant.id)];
  const points: SimulatedChargePoint[] = [];
  for (const station of stations) {
    const point = new SimulatedChargePoint({
      endpoint: `ws://127.0.0.1:${E2E_PORT}/ocpp`,
      identity: station.identity,
      password: PASSWORD,
      connectors: [1, 2],
    });
    await point.connect();
    await point.boot();
    points.push(point);
  }
  return { merchant, stations, close: () => Promise.all(points.map((point) => point.close())) };
};

/** On the merchant's stations table (a list of cards on a phone): checks the rows of these stations. */
export const selectStations = async (page: Page, merchantId: number, ids: readonly number[]) => {
  await page.goto(`/merchant/${merchantId}`);
  for (const id of ids) {
    // Each row's checkbox is named "Select row {id}" in the interface's language.
    const box = page.getByRole('checkbox', { name: new RegExp(`\\D${id}$`) });
    // On a phone the stations section renders as it scrolls into view: scroll down until the row is there.
    await expect(async () => {
      await page.mouse.wheel(0, 2_000);
      await expect(box).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await box.check();
  }
};
