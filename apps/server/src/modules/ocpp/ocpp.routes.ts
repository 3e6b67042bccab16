import { translateMessage, ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  CHARGE_POINT_ACTIONS,
  commandPermissions,
  isRebootRequired,
  ZChargePointCommandBody,
  ZChargePointCommandPage,
  ZChargePointCommandQuery,
  ZChargePointCommandResult,
  ZChargePointState,
  ZChargePointStates,
  ZChargePointStatesQuery,
} from '@zaryad/contracts/ocpp';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream, openingOnly, wantsEventStream } from '../../platform/event-stream';
import { ApiError } from '../../http/api-errors';
import { currentAccount } from '../../http/auth';
import { chargePointsOf } from '../../platform/charge-points';
import type { ServerResponse } from 'node:http';
import type { OcppBus } from './ocpp.bus';

export interface OcppRuntime {
  bus: OcppBus | null;
  /** Open event streams, ended when the app closes (a hijacked reply would otherwise hold the server open). */
  streams: Set<ServerResponse>;
}
import type { OcppService } from './ocpp.service';
import type { FileTransfers } from './ocpp.firmware.service';

export interface OcppRoutesOptions {
  ocpp: OcppService;
  /** UpdateFirmware's and GetDiagnostics' signed URLs (ocpp.firmware.service.ts). */
  files: Pick<FileTransfers, 'prepareCommand'>;
  /** Filled when the domain's plugin has opened the bus (before any route runs). */
  runtime: OcppRuntime;
}

const tags = ['ocpp'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/ocpp/: charge points' live state, their command log, commands from station info, and live events. */
export const ocppRoutes = async (fastify: FastifyInstance, options: OcppRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ocpp, files, runtime } = options;

  app.get(
    '/stations/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'The charge points of the given stations (ids=1,2,3, at most 100): online, last heartbeat, connectors',
        querystring: ZChargePointStatesQuery,
        response: { 200: ZChargePointStates, ...errors },
      },
    },
    async (request) => ({ items: await ocpp.states(request.query.ids) }),
  );

  app.get(
    '/stations/:id/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary:
          "A station's charge point: online (connected and heard within three heartbeat intervals), boot data, connectors' OCPP status",
        params: ZIdParam,
        response: { 200: ZChargePointState, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => ocpp.state(request.params.id),
  );

  app.get(
    '/stations/:id/commands/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'The command log of a station, newest first: who, when, what, the answer, the time taken',
        params: ZIdParam,
        querystring: ZChargePointCommandQuery,
        response: { 200: ZChargePointCommandPage, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      const stationId = await ocpp.stationIdOf(request.params.id);
      return ocpp.commands(stationId, request.query.page, request.query.size);
    },
  );

  app.post(
    '/stations/:id/commands/',
    {
      // Reaching the call needs the station in view; each action then needs its own permission (commandPermissions),
      // checked before its payload is read.
      config: { permission: 'stations.view' },
      preValidation: async (request) => {
        const action = (request.body as { action?: unknown } | null)?.action;
        if (typeof action !== 'string' || !(CHARGE_POINT_ACTIONS as readonly string[]).includes(action)) {
          return;
        }
        const { permissions } = currentAccount(request);
        if (!commandPermissions(action).some((permission) => permissions.has(permission))) {
          throw new ApiError(403, 'permission_denied');
        }
      },
      schema: {
        tags,
        summary:
          "Sends an OCPP 1.6 command (its action and payload, validated by that action's schema) to the charge point, waits for its answer and records it in the command log",
        description: [
          `action: ${CHARGE_POINT_ACTIONS.join(', ')}.`,
          'Permission: stations.manage_charge_point; ChangeAvailability, UnlockConnector, TriggerMessage, GetConfiguration and ChangeConfiguration also with stations.reset.',
          "RemoteStartTransaction takes the driver as payload.idTag or payload.userId (the server sends that app user's id tag); the charge that follows is that driver's.",
          'GetConfiguration without keys reads every key; its response always has configurationKey (key, readonly, value) and unknownKey.',
          "status: accepted (the charge point accepted), rejected, timeout, not_connected or failed (an OCPP error); reboot_required: a ChangeConfiguration answered RebootRequired; detail: the outcome in the request's language; response: the answer.",
        ].join(' '),
        params: ZIdParam,
        body: ZChargePointCommandBody,
        response: { 200: ZChargePointCommandResult, ...errors, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const stationId = await ocpp.stationIdOf(request.params.id);
      const command = await files.prepareCommand(stationId, request.body, () =>
        ocpp.prepareCommand(stationId, request.body),
      );
      const outcome = await chargePointsOf(request.server).send({
        stationId,
        ...command,
        accountId: currentAccount(request).id,
      });
      const rebootRequired = outcome.status === 'accepted' && isRebootRequired(command.action, outcome.response);
      return {
        status: outcome.status,
        reboot_required: rebootRequired,
        detail: translateMessage(
          rebootRequired ? 'command_reboot_required' : `command_${outcome.status}`,
          request.language,
        ),
        response: outcome.response,
      };
    },
  );

  app.get(
    '/events/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: 'Server-sent events: `data: {"station_id": N}` whenever a charge point of station N changes state',
        description:
          'Streams while the request accepts text/event-stream; any other request gets the opening comment and the end of the stream at once.',
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const bus = runtime.bus;
      if (!wantsEventStream(request)) {
        return openingOnly(reply);
      }
      // Heard only once the stream below is open: the bus delivers on a later turn.
      const unsubscribe = bus?.subscribe('ocpp_events', (message) => {
        const stationId = (message as { stationId?: unknown } | null)?.stationId;
        if (typeof stationId === 'number') {
          response.write(`data: ${JSON.stringify({ station_id: stationId })}\n\n`);
        }
      });
      const response = openEventStream(request, reply, () => {
        unsubscribe?.();
        runtime.streams.delete(response);
      });
      runtime.streams.add(response);
    },
  );
};
