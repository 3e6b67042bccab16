import type { APIRequestContext } from '@playwright/test';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';
import { buildMerchant, buildStation } from '../support/network';

/** The password support/network.ts gives every station it creates. */
const PASSWORD = 'Abcdefgh12345678';

/**
 * A merchant with a station whose simulated charge point connects, boots and charges on connector 1 then faults on
 * connector 2: the status history its StatusNotifications leave is what the uptime screens read.
 */
export const stationWithHistory = async (request: APIRequestContext, admin: Parameters<typeof buildMerchant>[1]) => {
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
  await point.status(1, 'Preparing');
  await point.status(1, 'Charging');
  await point.status(2, 'Faulted', 'GroundFailure');
  return { merchant, station, close: () => point.close() };
};
