import type { APIRequestContext, Page } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';
import { expect } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/** The password support/network.ts gives every station it creates. */
const PASSWORD = 'Abcdefgh12345678';

/** A merchant of its own with one station whose simulated charge point (connectors 1 and 2) is connected and booted. */
export const alertStation = async (request: APIRequestContext, admin: TTokenPair) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const point = new SimulatedChargePoint({
    endpoint: `ws://127.0.0.1:${E2E_PORT}/ocpp`,
    identity: station.identity,
    password: PASSWORD,
    connectors: [1, 2],
  });
  await point.connect();
  await point.boot();
  return { merchant, station, point };
};

/** The incidents screen narrowed to one station, with its Faulted connector's incident listed. */
export const openStationIncidents = async (page: Page, stationId: number, rule: RegExp) => {
  await page.goto(`/incidents?station_id=${stationId}`);
  const row = page.getByRole('button', { name: rule });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return row;
};
