/**
 * What station info and the stations table read of charge points (live state and the command log), and the commands
 * made ready to send (a remote start's driver turned into an id tag).
 */
import type { TPaged } from '@zaryad/contracts';
import {
  isRebootRequired,
  type TChargePointCommandBody,
  type TChargePointCommandEntry,
  type TChargePointState,
} from '@zaryad/contracts/ocpp';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import { NO_CHARGE_POINT, type ChargePointPresence } from '../../platform/charge-points';
import { accounts } from '../accounts';
import { stationConnectors, stations } from '../stations';
import { appUsers, userIdTags } from '../users';
import { driverMayStart } from './ocpp.drivers';
import { dailyProfile, SITE_SHARE_PROFILE_ID } from './ocpp.smart-charging.schedule';
import { powerLimits } from './ocpp.smart-charging.tables';
import { chargePointCommands, chargePointConnectors, chargePoints } from './ocpp.tables';

/** A command as the charge point is sent it: its OCPP action and payload. */
export interface PreparedCommand {
  action: string;
  payload: Record<string, unknown>;
}

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

export const createOcppService = (db: Database, options: { minBalanceTyiyn: bigint }) => {
  /**
   * RemoteStartTransaction's driver as the charge point needs it, an id tag: the one given, or the app user's (their
   * app token before an RFID card, the oldest of each). Refused when nobody has the tag, the user has none, or the
   * driver may not charge (blocked, or the balance not above OCPP_MIN_BALANCE): the charge point would refuse them.
   */
  const remoteStartPayload = async (
    stationId: number,
    payload: { connectorId: number; idTag?: string; userId?: number },
  ): Promise<Record<string, unknown>> => {
    const [connector] = await db
      .select({ id: stationConnectors.id })
      .from(stationConnectors)
      .where(and(eq(stationConnectors.stationId, stationId), eq(stationConnectors.ocpp16Id, payload.connectorId)))
      .limit(1);
    if (!connector) {
      throw new FieldErrors({ 'payload.connectorId': [`connector_not_found:${payload.connectorId}`] });
    }
    const field = payload.idTag === undefined ? 'payload.userId' : 'payload.idTag';
    const [driver] = await db
      .select({ id: appUsers.id, idTag: userIdTags.idTag, status: appUsers.status, balance: appUsers.balance })
      .from(appUsers)
      .leftJoin(userIdTags, eq(userIdTags.userId, appUsers.id))
      .where(
        payload.idTag === undefined
          ? eq(appUsers.id, payload.userId ?? 0)
          : sql`${appUsers.id} = (select ${userIdTags.userId} from ${userIdTags} where ${userIdTags.idTag} = ${payload.idTag})`,
      )
      .orderBy(
        sql`(${userIdTags.idTag} = ${payload.idTag ?? null}) desc nulls last`,
        sql`(${userIdTags.kind} = 'app') desc nulls last`,
        asc(userIdTags.id),
      )
      .limit(1);
    if (!driver) {
      throw new FieldErrors({
        [field]: [payload.idTag === undefined ? 'ocpp_driver_not_found' : 'ocpp_id_tag_unknown'],
      });
    }
    if (driver.idTag === null) {
      throw new FieldErrors({ [field]: ['ocpp_driver_without_id_tag'] });
    }
    if (!(await driverMayStart(db, { ...driver, userId: driver.id }, options.minBalanceTyiyn))) {
      throw new FieldErrors({ [field]: ['ocpp_driver_may_not_charge'] });
    }
    return {
      connectorId: payload.connectorId,
      idTag: driver.idTag,
      ...(await siteStartProfile(stationId, payload.connectorId)),
    };
  };

  /**
   * At a merchant site with a power limit, a remote start carries the charge's TxProfile: 0 W until the rebalance that
   * follows its StartTransaction sends its share (the same profile id, replaced then; ocpp.smart-charging.ts).
   */
  const siteStartProfile = async (stationId: number, connectorId: number) => {
    const [site] = await db
      .select({ id: powerLimits.id })
      .from(powerLimits)
      .innerJoin(stations, eq(stations.merchantId, powerLimits.merchantId))
      .where(eq(stations.id, stationId))
      .limit(1);
    if (!site) {
      return {};
    }
    const { csChargingProfiles } = dailyProfile(
      { id: SITE_SHARE_PROFILE_ID + connectorId, connectorId, purpose: 'TxProfile' },
      [{ startPeriod: 0, limit: 0 }],
    );
    return { chargingProfile: csChargingProfiles };
  };

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

    /** The command as the charge point is sent it: the payload given, but a remote start's driver as an id tag. */
    async prepareCommand(stationId: number, body: TChargePointCommandBody): Promise<PreparedCommand> {
      if (body.action === 'RemoteStartTransaction') {
        return { action: body.action, payload: await remoteStartPayload(stationId, body.payload) };
      }
      return { action: body.action, payload: body.payload as Record<string, unknown> };
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
          reboot_required: isRebootRequired(command.action, command.response),
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
