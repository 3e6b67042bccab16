/** What station info and the stations table read of charge points: live state and the command log. */
import type { TPaged } from '@zaryad/contracts';
import type { TChargePointCommandEntry, TChargePointState } from '@zaryad/contracts/ocpp';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { NO_CHARGE_POINT, type ChargePointPresence } from '../../platform/charge-points';
import { accounts } from '../accounts';
import { stations } from '../stations';
import { chargePointCommands, chargePointConnectors, chargePoints } from './ocpp.tables';

/** A station is offline once it misses three heartbeat intervals (derived at read time, docs/design.md#9-money-charges-and-time). */
export const MISSED_HEARTBEATS = 3;

export const isOnline = (
  row: { connectedAt: Date | null; lastSeenAt: Date | null; heartbeatIntervalS: number },
  now: Date,
) =>
  row.connectedAt !== null &&
  row.lastSeenAt !== null &&
  now.getTime() - row.lastSeenAt.getTime() < MISSED_HEARTBEATS * row.heartbeatIntervalS * 1000;

/**
 * The charge points of these stations as a stop sees them: online, offline with how long they have been silent and
 * how long until a charge may be closed without them, or none (never connected).
 */
export const chargePointPresence = async (
  db: Database,
  forceFinishAfterS: number,
  stationIds: number[],
  now = new Date(),
): Promise<Map<number, ChargePointPresence>> => {
  const presence = new Map(stationIds.map((id) => [id, NO_CHARGE_POINT]));
  if (stationIds.length === 0) {
    return presence;
  }
  const rows = await db
    .select({
      stationId: chargePoints.stationId,
      connectedAt: chargePoints.connectedAt,
      lastSeenAt: chargePoints.lastSeenAt,
      heartbeatIntervalS: chargePoints.heartbeatIntervalS,
    })
    .from(chargePoints)
    .where(inArray(chargePoints.stationId, [...new Set(stationIds)]));
  for (const row of rows) {
    const silentS =
      row.lastSeenAt === null ? null : Math.max(0, Math.floor((now.getTime() - row.lastSeenAt.getTime()) / 1000));
    presence.set(row.stationId, {
      state: isOnline(row, now) ? 'online' : 'offline',
      silentS,
      forceFinishInS: silentS === null ? 0 : Math.max(0, forceFinishAfterS - silentS),
    });
  }
  return presence;
};

export const createOcppService = (db: Database) => {
  const states = async (stationIds: number[], now = new Date()): Promise<TChargePointState[]> => {
    if (stationIds.length === 0) {
      return [];
    }
    const known = await db.select({ id: stations.id }).from(stations).where(inArray(stations.id, stationIds));
    const points = new Map(
      (await db.select().from(chargePoints).where(inArray(chargePoints.stationId, stationIds))).map((row) => [
        row.stationId,
        row,
      ]),
    );
    const connectors = await db
      .select()
      .from(chargePointConnectors)
      .where(inArray(chargePointConnectors.stationId, stationIds))
      .orderBy(asc(chargePointConnectors.stationId), asc(chargePointConnectors.connectorId));
    return known
      .map(({ id }) => {
        const point = points.get(id);
        return {
          station_id: id,
          online: point ? isOnline(point, now) : false,
          connected: Boolean(point?.connectedAt),
          last_heartbeat: point?.lastHeartbeatAt?.toISOString() ?? null,
          heartbeat_interval: point?.heartbeatIntervalS ?? 0,
          vendor: point?.vendor ?? null,
          model: point?.model ?? null,
          serial_number: point?.serialNumber ?? null,
          firmware_version: point?.firmwareVersion ?? null,
          connectors: connectors
            .filter((connector) => connector.stationId === id)
            .map((connector) => ({
              connector_id: connector.connectorId,
              status: connector.status,
              error_code: connector.errorCode,
              info: connector.info,
              power_w: connector.powerW,
              meter_wh: connector.meterWh,
              reported_at: connector.reportedAt.toISOString(),
            })),
        };
      })
      .sort((a, b) => stationIds.indexOf(a.station_id) - stationIds.indexOf(b.station_id));
  };

  return {
    states,

    async state(stationId: number) {
      const [state] = await states([stationId]);
      if (!state) {
        throw new ApiError(404, 'station_not_found');
      }
      return state;
    },

    async stationIdOf(stationId: number) {
      const [row] = await db.select({ id: stations.id }).from(stations).where(eq(stations.id, stationId));
      if (!row) {
        throw new ApiError(404, 'station_not_found');
      }
      return row.id;
    },

    /** The command log of a station, newest first. */
    async commands(stationId: number, page: number, size: number): Promise<TPaged<TChargePointCommandEntry>> {
      const [total] = await db
        .select({ total: count() })
        .from(chargePointCommands)
        .where(eq(chargePointCommands.stationId, stationId));
      const rows = await db
        .select({
          command: chargePointCommands,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
        })
        .from(chargePointCommands)
        .leftJoin(accounts, eq(accounts.id, chargePointCommands.accountId))
        .where(eq(chargePointCommands.stationId, stationId))
        .orderBy(desc(chargePointCommands.createdAt), desc(chargePointCommands.id))
        .limit(size)
        .offset((page - 1) * size);
      const all = Number(total?.total ?? 0);
      return {
        items: rows.map(({ command, firstName, lastName }) => ({
          id: command.id,
          action: command.action,
          request: command.request,
          status: command.status as TChargePointCommandEntry['status'],
          response: command.response,
          created_at: command.createdAt.toISOString(),
          duration_ms: command.durationMs,
          account: firstName === null ? null : `${lastName ?? ''} ${firstName}`.trim(),
        })),
        page,
        pages: Math.max(1, Math.ceil(all / size)),
        size,
        total: all,
      };
    },
  };
};

export type OcppService = ReturnType<typeof createOcppService>;
