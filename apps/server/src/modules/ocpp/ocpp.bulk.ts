/**
 * Bulk commands (docs/product/ocpp.md): one action (Reset, UpdateFirmware, ChangeConfiguration) sent to the charge
 * points of many stations, each command recorded in its station's command log as the single-station call records it,
 * and what each came to in the request's language.
 */
import { translateMessage, type TLanguage } from '@zaryad/contracts';
import {
  isRebootRequired,
  type TBulkCommandBody,
  type TBulkCommandItem,
  type TBulkResult,
  type TChargePointCommandBody,
} from '@zaryad/contracts/ocpp';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ChargePointGateway, TCommandStatus } from '../../platform/charge-points';
import { stationName, stations } from '../stations';
import type { FileTransfers } from './ocpp.firmware.service';
import type { PreparedCommand } from './ocpp.service';

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

export const sendBulkCommands = async (
  db: Database,
  gateway: ChargePointGateway,
  files: Pick<FileTransfers, 'prepareCommand'>,
  { body, language, accountId }: { body: TBulkCommandBody; language: TLanguage; accountId: number },
): Promise<{ items: TBulkCommandItem[] }> => {
  const ids = [...new Set(body.station_ids)];
  const rows = await db
    .select({ id: stations.id, nameRu: stations.nameRu, nameEn: stations.nameEn, nameKy: stations.nameKy })
    .from(stations)
    .where(inArray(stations.id, ids));
  const known = new Map(rows.map((row) => [row.id, stationName(row, language)]));
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
};
