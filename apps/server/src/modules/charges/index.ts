// Charges: charging sessions of app users at connectors. One service starts, meters and finishes them, whoever asks:
// the stop action, the charge-point connection, the demo seed.
import { defineDomain } from '../../platform/domain';
import * as chargeTotalsTables from './charge-totals.tables';
import { chargesRoutes } from './charges.routes';
import { SMALL_DEMO_CHARGES_PER_STATION_DAY, seedCharges } from './charges.seed';
import { createRefundsService } from './charges.refunds';
import { createChargesService } from './charges.service';
import * as chargesTables from './charges.tables';

export { charges } from './charges.tables';
export { holdLead, nextHold, readHoldConfig, type HoldConfig, type HoldDecision } from './charges.holds';
// The live board (modules/live) lists running charges as the list does: the same rows, consumption and cost so far.
export { selectChargeRows, toCharges } from './charges.service';
export {
  bookCharges,
  type ChargeDraft,
  finishCharge,
  formatKwh,
  isRunning,
  recordMeterValue,
  runningPrices,
  chargeCost,
  startCharge,
  type ScheduledCredit,
  type TChargeRow,
  type TPricedCharge,
  type TEndStatus,
} from './charges.engine';

export const chargesDomain = defineDomain({
  name: 'charges',
  prefix: '/api/v1/users/transactions',
  tables: { ...chargesTables, ...chargeTotalsTables },
  services: ({ db }) => ({ charges: createChargesService(db), refunds: createRefundsService(db) }),
  routes: chargesRoutes,
  seed: {
    // The analytics seed, after this one, rebuilds the dashboard's rollups from the charges.
    demo: ({ db, scale }) =>
      seedCharges(db, {
        analyticsRebuiltAfter: true,
        ...(scale === 'small' && { perStationDay: SMALL_DEMO_CHARGES_PER_STATION_DAY }),
      }),
  },
});
