import { ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import {
  BULK_ACTIONS,
  BULK_COMMAND_MAX_STATIONS,
  bulkPermissions,
  ZBulkCommandBody,
  ZBulkCommandResult,
  type TBulkAction,
  type TBulkCommandBody,
} from '@zaryad/contracts/ocpp';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { currentAccount } from '../../http/auth';
import { chargePointsOf } from '../../platform/charge-points';
import { sendBulkCommands } from './ocpp.bulk';
import type { FileTransfers } from './ocpp.firmware.service';

export interface BulkRoutesOptions {
  db: Database;
  files: Pick<FileTransfers, 'prepareCommand'>;
}

/**
 * POST /api/v1/ocpp/commands/bulk/: one action (Reset, UpdateFirmware, ChangeConfiguration) sent to the charge points
 * of many stations, each command recorded in its station's command log as the single-station call records it.
 */
export const bulkCommandRoutes = async (fastify: FastifyInstance, { db, files }: BulkRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/commands/bulk/',
    {
      // As the command call: reaching it needs the stations in view, the action its own permission (before the
      // payload is read).
      config: { permission: 'stations.view' },
      preValidation: async (request) => {
        const action = (request.body as { action?: unknown } | null)?.action;
        if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action)) {
          return;
        }
        const { permissions } = currentAccount(request);
        if (!bulkPermissions(action as TBulkAction).some((permission) => permissions.has(permission))) {
          throw new ApiError(403, 'permission_denied');
        }
      },
      schema: {
        tags: ['ocpp'],
        summary:
          'Sends one OCPP 1.6 command (Reset, UpdateFirmware or ChangeConfiguration) to the charge points of the given stations and answers what each came to',
        description: [
          `station_ids: 1 to ${BULK_COMMAND_MAX_STATIONS} stations (repeats are sent once). action: ${BULK_ACTIONS.join(', ')};`,
          'payload: Reset {type: Hard|Soft}; UpdateFirmware and ChangeConfiguration as the command call takes them.',
          'Permission: Reset stations.reset; UpdateFirmware stations.manage_charge_point; ChangeConfiguration stations.manage_charge_point or stations.reset.',
          "Each command is recorded in its station's command log. items, in the order given: result accepted, rejected, offline (not connected), timeout or error (an OCPP error answer, or no such station: status null);",
          "detail: the outcome in the request's language.",
        ].join(' '),
        body: ZBulkCommandBody,
        response: {
          200: ZBulkCommandResult,
          400: ZValidationErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request) =>
      sendBulkCommands(db, chargePointsOf(request.server), files, {
        body: request.body as TBulkCommandBody,
        language: request.language,
        accountId: currentAccount(request).id,
      }),
  );
};
