import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import { ZLocalListState } from '@zaryad/contracts/ocpp-auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { localListState } from './ocpp.local-list';
import type { OcppService } from './ocpp.service';

export interface LocalListRoutesOptions {
  db: Database;
  ocpp: OcppService;
}

/**
 * /api/v1/ocpp/stations/{id}/local-list/: where a station's charge point stands with the network's local authorization
 * list (its GetLocalListVersion and SendLocalList go through the command call).
 */
export const localListRoutes = async (fastify: FastifyInstance, { db, ocpp }: LocalListRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stations/:id/local-list/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: ['ocpp'],
        summary:
          "A station's local authorization list: whether its charge point keeps one, the version it last told or accepted, the network's version",
        description:
          'supported: null until asked (at its next boot), false when it answered that it keeps none. version: the last version it told (GetLocalListVersion) or accepted (SendLocalList). network_version grows with every change of a card; entries: the cards in the network list.',
        params: ZIdParam,
        response: { 200: ZLocalListState, 400: ZValidationErrorBody, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => localListState(db, await ocpp.stationIdOf(request.params.id)),
  );
};
