import { translateMessage, ZErrorBody, ZValidationErrorBody, type TLanguage } from '@zaryad/contracts';
import {
  BULK_ACTIONS,
  BULK_COMMAND_MAX_STATIONS,
  bulkPermissions,
  isRebootRequired,
  ZBulkCommandBody,
  ZBulkCommandResult,
  type TBulkAction,
  type TBulkCommandBody,
  type TBulkCommandItem,
  type TBulkResult,
  type TChargePointCommandBody,
} from '@zaryad/contracts/ocpp';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { currentAccount } from '../../http/auth';
import { chargePointsOf, type TCommandStatus } from '../../platform/charge-points';
import { stations } from '../stations';
import type { FileTransfers } from './ocpp.firmware.service';
import type { PreparedCommand } from './ocpp.service';

export interface BulkRoutesOptions {
  db: Database;
  files: Pick<FileTransfers, 'prepareCommand'>;
}

/** Charge points asked at once: most answer within a second, and one that does not holds its slot for the timeout. */
const CONCURRENCY = 50;

const RESULT_OF: Record<TCommandStatus, TBulkResult> = {
  accepted: 'accepted',
  rejected: 'rejected',
  not_connected: 'offline',
  timeout: 'timeout',
  failed: 'error',
};

/** Runs `work` over `items`, at most `limit` at a time, the answers in the items' order. */
const mapLimited = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

const nameOf = (row: { nameRu: string; nameEn: string; nameKy: string }, language: TLanguage) =>
  ({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy })[language] || row.nameRu;

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
    async (request) => {
      const body = request.body as TBulkCommandBody;
      const language = request.language;
      const accountId = currentAccount(request).id;
      const ids = [...new Set(body.station_ids)];
      const rows = await db
        .select({ id: stations.id, nameRu: stations.nameRu, nameEn: stations.nameEn, nameKy: stations.nameKy })
        .from(stations)
        .where(inArray(stations.id, ids));
      const known = new Map(rows.map((row) => [row.id, nameOf(row, language)]));
      const gateway = chargePointsOf(request.server);
      const prepare = (stationId: number): Promise<PreparedCommand> => {
        if (body.action === 'Reset') {
          return Promise.resolve({ action: 'Reset', payload: body.payload });
        }
        const command = { action: body.action, payload: body.payload } as TChargePointCommandBody;
        return files.prepareCommand(stationId, command, async () => ({
          action: command.action,
          payload: command.payload as Record<string, unknown>,
        }));
      };
      // A firmware that is not there is the request's error (404), found before anything is sent.
      const first = ids.find((id) => known.has(id));
      const prepared = new Map<number, PreparedCommand>();
      if (first !== undefined) {
        prepared.set(first, await prepare(first));
      }
      const items = await mapLimited(ids, CONCURRENCY, async (stationId): Promise<TBulkCommandItem> => {
        const name = known.get(stationId);
        if (name === undefined) {
          return {
            station_id: stationId,
            name: null,
            result: 'error',
            status: null,
            reboot_required: false,
            detail: translateMessage('ocpp_bulk_station_not_found', language),
            response: null,
          };
        }
        const command = prepared.get(stationId) ?? (await prepare(stationId));
        const outcome = await gateway.send({ stationId, ...command, accountId });
        const rebootRequired = outcome.status === 'accepted' && isRebootRequired(command.action, outcome.response);
        return {
          station_id: stationId,
          name,
          result: RESULT_OF[outcome.status],
          status: outcome.status,
          reboot_required: rebootRequired,
          detail: translateMessage(rebootRequired ? 'command_reboot_required' : `command_${outcome.status}`, language),
          response: outcome.response ?? null,
        };
      });
      return { items };
    },
  );
};
