import { ZConnectorLookup, ZConnectorLookupQuery, ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listConnectorPositions } from '../connectors';
import { listConnectorTypes } from '../rates';

/**
 * /api/v1/stations/connectors-types-positions/: the connector lookups of the station form. It lives with stations, which
 * read both connectors and rates: a type's default fee is a rate, and connectors must not import rates.
 */
export const connectorLookupRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // The connector types are reference data, written by the seed step at start (src/seed/reference.ts).

  app.get(
    '/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['stations'],
        summary:
          'info=types: connector types {key, name, current AC|DC, fee_default: the active default rate of the type or null}; ' +
          'info=positions: connector positions {key 1..8, label in the request language}',
        querystring: ZConnectorLookupQuery,
        response: { 200: ZConnectorLookup, 400: ZValidationErrorBody, 401: ZErrorBody },
      },
    },
    async (request) =>
      request.query.info === 'types' ? listConnectorTypes(db) : listConnectorPositions(request.language),
  );
};
