// The map's tiles and the geocoder (address search), cached in the database.
import { defineDomain } from '../../platform/domain';
import { createGeoCache } from './geo.cache';
import { geoRoutes } from './geo.routes';
import { createGeoService, geocoderUserAgent } from './geo.service';
import * as geoTables from './geo.tables';
import { createGeocoderClient } from './geocoder.client';

export { geocoderCache } from './geo.tables';

export const geoDomain = defineDomain({
  name: 'geo',
  prefix: '/api/v1/geo',
  tables: geoTables,
  services: ({ db, config }) => ({
    geo: createGeoService({
      tileUrl: config.mapTileUrl,
      cache: createGeoCache(db),
      client: createGeocoderClient({
        baseUrl: config.geocoderUrl,
        userAgent: geocoderUserAgent(config.publicUrl),
        countryCodes: 'kg',
      }),
    }),
  }),
  routes: geoRoutes,
});
