import { buildMerchant } from './network-builders';
import { buildStation } from './station-builders';
import { createTestContext } from './test-app';

/**
 * The stale-charge tests' app and station (a connector at 20 som per kWh): the app's own tick of the stale-charge job
 * is pushed a year away (OCPP_STALE_CHARGE_S), so that only the closes a test runs close anything. `close` restores it.
 */
export const createStaleChargeContext = async () => {
  process.env.OCPP_STALE_CHARGE_S = '31536000';
  const context = await createTestContext();
  const db = context.database.db;
  const merchant = await buildMerchant(db);
  const station = await buildStation(db, {
    merchantId: merchant.id,
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  return {
    context,
    stationId: station.id,
    close: async () => {
      await context.close();
      delete process.env.OCPP_STALE_CHARGE_S;
    },
  };
};
