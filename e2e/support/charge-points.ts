import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';

/** The password support/network.ts gives every station it creates. */
export const STATION_PASSWORD = 'Abcdefgh12345678';

/** A simulated charge point of a station made by support/network.ts, connected and booted, with two connectors. */
export const connectChargePoint = async (identity: string) => {
  const point = new SimulatedChargePoint({
    endpoint: `ws://127.0.0.1:${E2E_PORT}/ocpp`,
    identity,
    password: STATION_PASSWORD,
    connectors: [1, 2],
  });
  await point.connect();
  await point.boot();
  return point;
};
