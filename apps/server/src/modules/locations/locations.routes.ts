import { ZErrorBody, ZLocationList, ZLocationQuery, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLocationsService } from './locations.service';

/** /api/v1/common/locations/: countries and settlements for the station and merchant forms. */
export const locationsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // The locations are reference data, written by the seed step at start (src/seed/reference.ts).
  const locations = createLocationsService(db);

  app.get(
    '/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['common'],
        summary:
          'location_type=countries: countries, Kyrgyzstan first, then by name. location_type=settlements&country_id=: the ' +
          "country's settlements, its capital first, then by name in the request language; region and district in that language. " +
          'search matches the name in any language. cost=true keeps only settlements where the network has stations',
        querystring: ZLocationQuery,
        response: { 200: ZLocationList, 400: ZValidationErrorBody, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => locations.list(request.query, request.language),
  );
};
