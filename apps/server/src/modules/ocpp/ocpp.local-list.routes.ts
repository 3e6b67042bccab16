import { translateMessage, ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import { ZSendFullListResult } from '@zaryad/contracts/ocpp';
import { ZLocalListState } from '@zaryad/contracts/ocpp-auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentAccount } from '../../http/auth';
import { chargePointsOf, type CommandOutcome } from '../../platform/charge-points';
import { localListState, loggedListOf, readLocalList, recordNetworkListAccepted } from './ocpp.local-list';
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

  app.post(
    '/stations/:id/local-list/send-full/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags: ['ocpp'],
        summary:
          "Sends the station's charge point the network's whole local list (SendLocalList, updateType Full, the network's version) and records it in the command log",
        description:
          "The list is the server's: every card of the network's list (Accepted or Blocked) at the network's version. Once accepted, the charge point's list is the network's: later card changes reach it as differential updates. status as the command call's; detail: the outcome in the request's language; list_version and entries: what was sent.",
        params: ZIdParam,
        response: {
          200: ZSendFullListResult,
          400: ZValidationErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request) => {
      const stationId = await ocpp.stationIdOf(request.params.id);
      const list = await readLocalList(db, null);
      const payload = { listVersion: list.version, updateType: 'Full', localAuthorizationList: list.entries };
      let outcome: CommandOutcome;
      try {
        outcome = await chargePointsOf(request.server).send({
          stationId,
          action: 'SendLocalList',
          payload,
          ...loggedListOf(payload),
          accountId: currentAccount(request).id,
        });
      } catch (error) {
        // A list too long for the bus to carry to the process that holds the charge point: that process's own sync
        // sends it the Full list at its next boot.
        request.log.warn({ err: error, stationId }, 'full local list not sent');
        outcome = { status: 'failed', response: null };
      }
      const accepted =
        outcome.status === 'accepted' && (outcome.response as { status?: unknown } | null)?.status === 'Accepted';
      if (accepted) {
        await recordNetworkListAccepted(db, stationId, list.version);
      }
      return {
        status: outcome.status,
        detail: translateMessage(
          accepted
            ? `local_list_sent:${list.version}`
            : outcome.status === 'accepted'
              ? 'local_list_not_sent'
              : `command_${outcome.status}`,
          request.language,
        ),
        response: outcome.response ?? null,
        list_version: list.version,
        entries: list.entries.length,
      };
    },
  );
};
