// Tariffs: the default price per connector type and personal ones, under /api/v1/payments/.
import { defineDomain } from '../../platform/domain';
import { ratesRoutes } from './rates.routes';
import { seedRates } from './rates.seed';
import { createRatesService } from './rates.service';
import * as ratesTables from './rates.tables';

export { rates, rateVersions } from './rates.tables';
export { DEMO_NIGHT_RATE } from './rates.seed';
export { listConnectorTypes, listConnectorTypesWithDefaultFee } from './connector-type-fees';
export {
  energyOnlyTariff,
  type MeterRise,
  priceCharge,
  type PriceResult,
  type TariffVersion,
  versionAt,
  priceAt,
} from './pricing';
export { previewPrices, toTariffVersion, versionsDuring, versionsFrom } from './tariff-versions';

export const ratesDomain = defineDomain({
  name: 'rates',
  prefix: '/api/v1/payments',
  tables: ratesTables,
  services: ({ db }) => ({ rates: createRatesService(db) }),
  routes: ratesRoutes,
  seed: {
    demo: async ({ db }) => {
      await seedRates(db);
      return 'Tariffs in place.';
    },
  },
});
