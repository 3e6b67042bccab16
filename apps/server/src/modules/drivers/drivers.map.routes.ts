import { MAP_DEFAULTS, STATUS, ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import { type TAppMap, ZAppMap } from '@zaryad/contracts/app-catalogue';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { connectorTypes } from '../connectors';
import { merchants } from '../merchants';
import { stationConnectors, stations } from '../stations';

/**
 * The map's tiles are the dashboard's (MAP_TILE_URL, modules/geo); their attribution is OpenStreetMap's, as the
 * geo module answers it (its service keeps the constant inside the module).
 */
export const APP_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface DriverMapRoutesOptions {
  db: Database;
  tileUrl: string;
}

/** The connector types found at stations the app may show, in the reference order. */
const listVisibleConnectorTypes = async (db: Database): Promise<TAppMap['connector_types']> => {
  const rows = await db
    .selectDistinct({
      type: connectorTypes.key,
      name: connectorTypes.name,
      current: connectorTypes.current,
      sortOrder: connectorTypes.sortOrder,
    })
    .from(connectorTypes)
    .innerJoin(stationConnectors, eq(stationConnectors.typo, connectorTypes.key))
    .innerJoin(stations, eq(stations.id, stationConnectors.stationId))
    .innerJoin(merchants, eq(merchants.id, stations.merchantId))
    .where(and(sql`${stations.status} = ${STATUS.active}`, sql`${merchants.status} = ${STATUS.active}`))
    .orderBy(asc(connectorTypes.sortOrder), asc(connectorTypes.key));
  return rows.map(({ type, name, current }) => ({ type, name, current: current === 'DC' ? 'DC' : 'AC' }));
};

/** /api/app/v1/map/: what the app's stations screen needs before its list: the map's tiles and the filter's types. */
export const driverMapRoutes = async (fastify: FastifyInstance, { db, tileUrl }: DriverMapRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/map/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['stations'],
        summary: 'The map’s tile URL and attribution, where it opens, and the connector types to filter stations by',
        description:
          'The tiles are the server’s MAP_TILE_URL (the dashboard’s), allowed by its Content-Security-Policy. The app opens the map on the driver’s position, else on center.',
        response: { 200: ZAppMap, 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (): Promise<TAppMap> => ({
      tile_url: tileUrl,
      attribution: APP_MAP_ATTRIBUTION,
      center: MAP_DEFAULTS.center,
      zoom: MAP_DEFAULTS.zoom,
      connector_types: await listVisibleConnectorTypes(db),
    }),
  );
};
