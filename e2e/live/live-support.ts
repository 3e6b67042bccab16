import type { APIRequestContext, Page } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';
import { expect } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/** The password support/network.ts gives every station it creates. */
const PASSWORD = 'Abcdefgh12345678';
/** The live board's driver's card (support/users.ts, liveDriver). */
export const LIVE_ID_TAG = 'E2E-RFID-LIVE';

/**
 * A merchant of its own (the board is filtered to it, so that other tests' charge points never move its counters)
 * with one station at 20 som/kWh whose simulated charge point is connected and booted.
 */
export const liveStation = async (request: APIRequestContext, admin: TTokenPair) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id, {
    connectors: [{ typo: 'ccs2', power_kWh: 60, custom_fee: '20.00' }],
  });
  const point = new SimulatedChargePoint({
    endpoint: `ws://127.0.0.1:${E2E_PORT}/ocpp`,
    identity: station.identity,
    password: PASSWORD,
    connectors: [1],
  });
  await point.connect();
  await point.boot();
  return { merchant, station, point };
};

/** A counter's figure on the board. */
export const counter = (page: Page, state: 'charging' | 'available' | 'offline' | 'faulted') =>
  page.getByTestId(`live-counter-${state}`).getByTestId('live-counter-value');

/** The board filtered to one merchant, loaded and live. */
export const openBoard = async (page: Page, merchantId: number) => {
  await page.goto(`/live?merchant=${merchantId}`);
  await expect(page.getByTestId('live-counter-available')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('live-connection')).toHaveAttribute('data-connection', 'live');
};
