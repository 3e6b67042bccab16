// Charging stations of a merchant, with their EVSE modules, connectors, media and daily totals.
import type { FastifyInstance } from 'fastify';
import { defineDomain } from '../../platform/domain';
import { connectorLookupRoutes } from './connector-lookups.routes';
import * as stationDailyTotalsTables from './station-daily-totals.tables';
import { createStationSecrets } from './station-secret';
import { stationsRoutes, type StationsRoutesOptions } from './stations.routes';
import { seedStations } from './stations.seed';
import * as stationsTables from './stations.tables';

export {
  evseModules,
  stationConnectors,
  stationEnvironment,
  stationMedia,
  stations,
  stationTags,
} from './stations.tables';
export { stationDailyTotals } from './station-daily-totals.tables';
export { groupBy, inLanguage, stationName } from './stations.read';
export { connectorTariff, type ConnectorTariff } from './connector-tariff';
export { connectorPrice } from './connector-tariff';
export { createStationSecrets, type StationSecrets } from './station-secret';
export { DEMO_STATION_PASSWORD } from './stations.seed';

/** Where its photos and videos go under DATA_DIR/uploads. */
const UPLOADS_FOLDER = 'stations';

const stationsAndLookups = async (app: FastifyInstance, { db, storage, secrets }: StationsRoutesOptions) => {
  // Both under this plugin's prefix; passing its own options on would prefix the stations routes a second time.
  await app.register(stationsRoutes, { db, storage, secrets });
  await app.register(connectorLookupRoutes, { prefix: '/connectors-types-positions' });
};

export const stationsDomain = defineDomain({
  name: 'stations',
  prefix: '/api/v1/stations',
  tables: { ...stationsTables, ...stationDailyTotalsTables },
  services: ({ db, config, storage }) => ({
    db,
    storage: storage(UPLOADS_FOLDER),
    secrets: createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
  }),
  routes: stationsAndLookups,
  seed: {
    // After merchants in the list: it gives every merchant 2 to 5 stations. Their daily totals come from the demo
    // charges (the charges' seed rebuilds them), so that every dashboard figure is the sum of its charges.
    demo: async ({ db, config, storage }) => {
      const stations = await seedStations(
        db,
        storage(UPLOADS_FOLDER),
        createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
      );
      return `Stations added: ${stations}.`;
    },
  },
});
