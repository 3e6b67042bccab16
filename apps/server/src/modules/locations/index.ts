// Countries and settlements: reference data for the merchant and station forms, with each city's station count.
import { defineDomain } from '../../platform/domain';
import { locationsRoutes } from './locations.routes';
import { seedLocations } from './locations.seed';
import * as locationsTables from './locations.tables';

export { countries, settlements } from './locations.tables';
export { adjustStationCount } from './locations.service';
export { seedLocations } from './locations.seed';

export const locationsDomain = defineDomain({
  name: 'locations',
  prefix: '/api/v1/common/locations',
  tables: locationsTables,
  routes: locationsRoutes,
  seed: { reference: seedLocations },
});
