import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { SimulatedChargePoint } from '../modules/ocpp/ocpp.simulated-charge-point';
import { buildChargePointStation, CHARGE_POINT_PASSWORD } from './ocpp-builders';
import type { StationOverrides } from './station-builders';

export { SimulatedChargePoint };

/**
 * A station with two connectors (OCPP ids 1 and 2) and its simulated charge point connected to `endpoint` and booted:
 * what the alerts' tests make raise and clear their rules (issue 35).
 */
export const buildSimulatedStation = async (
  db: Database,
  config: AppConfig,
  endpoint: string,
  overrides: StationOverrides,
) => {
  const station = await buildChargePointStation(db, config, {
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
    ...overrides,
  });
  const point = new SimulatedChargePoint({
    endpoint,
    identity: station.identity,
    password: CHARGE_POINT_PASSWORD,
    connectors: [1, 2],
    callTimeoutMs: 5_000,
  });
  await point.connect();
  await point.boot();
  return { station, point };
};
