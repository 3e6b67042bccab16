/**
 * What each OCPP 1.6 core-profile call from a charge point means here (issue 17, part 2; issue 34, item 2: charge points
 * that misbehave, docs/product/ocpp.md#4-states-and-rules). The framing, the schema validation and the OCPP error
 * answers are ocpp-rpc's; every charge goes through THE charges engine.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { finishCharge, startCharge } from '../charges';
import { stationConnectors } from '../stations';
import { appUsers, userIdTags } from '../users';
import type { OcppBus } from './ocpp.bus';
import type { OcppConfig } from './ocpp.config';
import { createMeterBook } from './ocpp.meter-values';
import {
  type BootRecord,
  clearConnectorPowerMany,
  type ConnectorStatusRecord,
  recordBootMany,
  recordConnectorStatusMany,
  recordHeard,
} from './ocpp.history';
import { createStationQueue } from './ocpp.station-queue';
import { honourReservation, markReservationUsed } from './ocpp.reservations';
import type { AppClient } from '../../platform/charge-points';
import { driverMayCharge, driverMayStart, type TIdTagStatus } from './ocpp.drivers';

/** Where the handlers say what they refused or could not match (the app's logger). */
export interface OcppLog {
  warn(object: object, message: string): void;
}

/** How long after an accepted RemoteStartTransaction the charge point's StartTransaction counts as its answer. */
export const REMOTE_START_WINDOW_MS = 5 * 60_000;

export interface StationSession {
  stationId: number;
  identity: string;
}

/** An OCPP-level refusal: the central system answers the call with this OCPP error code. */
export class OcppCallError extends Error {
  constructor(
    readonly code: 'PropertyConstraintViolation' | 'GenericError',
    message: string,
  ) {
    super(message);
  }
}

interface SampledValue {
  value: string;
  measurand?: string;
  unit?: string;
  context?: string;
}

interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

/**
 * The energy register (Wh) and the power (W) among a MeterValues' samples. The register only counts up, so the highest
 * reading is the newest whatever order the samples came in; the power is the sample with the latest timestamp's (the
 * last one given on a tie).
 */
export const readMeterValues = (meterValues: MeterValue[]) => {
  let energyWh: number | null = null;
  let powerW: number | null = null;
  let powerAt = -Infinity;
  for (const meterValue of meterValues) {
    const at = Date.parse(meterValue.timestamp);
    for (const sample of meterValue.sampledValue) {
      const value = Number(sample.value);
      if (!Number.isFinite(value) || value < 0) {
        continue;
      }
      const measurand = sample.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register') {
        energyWh = Math.max(energyWh ?? 0, Math.round(sample.unit === 'kWh' ? value * 1000 : value));
      } else if (measurand === 'Power.Active.Import' && !(at < powerAt)) {
        powerW = Math.round(sample.unit === 'kW' ? value * 1000 : value);
        powerAt = Number.isNaN(at) ? powerAt : at;
      }
    }
  }
  return { energyWh, powerW };
};

export const createOcppHandlers = (db: Database, config: OcppConfig, bus: OcppBus, log: OcppLog) => {
  const meterBook = createMeterBook(db, bus);
  // The StatusNotifications and the accepted boots of the moment, many to a statement (ocpp.station-queue.ts): a boot
  // is four status upserts, and a network's boots after a restart, one statement each, queued on the pool's sockets.
  const recordStatus = createStationQueue<ConnectorStatusRecord, boolean>(
    (batch) => recordConnectorStatusMany(db, batch),
    false,
  );
  const recordBoot = createStationQueue<BootRecord, true>((batch) => recordBootMany(db, batch), true);
  // The connectors' power after their charges' stops, many to a statement: a network's stops come in bursts.
  const clearPower = createStationQueue<{ stationId: number; connectorId: number }, true>(
    (batch) => clearConnectorPowerMany(db, batch),
    true,
  );
  // When each charge point was last heard (and last sent a heartbeat): kept here and written in one statement a second
  // (flushSeen), so that a heartbeat is answered without waiting for a write; online is derived in whole intervals.
  const seen = new Map<number, boolean>();
  const touch = (stationId: number, heartbeat: boolean) => {
    seen.set(stationId, heartbeat || (seen.get(stationId) ?? false));
  };
  const flushSeen = async () => {
    if (seen.size === 0) {
      return;
    }
    const entries = [...seen];
    seen.clear();
    const now = new Date();
    const heard = entries.map(([stationId]) => stationId);
    const beating = entries.filter(([, heartbeat]) => heartbeat).map(([stationId]) => stationId);
    // With it, the last heartbeats and the return of a charge point that had gone silent (its history's 'offline' and
    // 'connected' rows), in one statement.
    await recordHeard(db, heard, now, beating);
  };

  /**
   * An id tag's status: a blocked driver, or one whose available balance (what their running charges hold counted out,
   * `forNewCharge`) is not above the network's minimum, may not start a charge. StopTransaction's idTagInfo says whether
   * the card is valid, not whether it may start another charge now: holds are not counted there.
   */
  const authorize = async (idTag: string, forNewCharge = true) => {
    const [row] = await db
      .select({ userId: appUsers.id, status: appUsers.status, balance: appUsers.balance, kind: userIdTags.kind })
      .from(userIdTags)
      .innerJoin(appUsers, eq(appUsers.id, userIdTags.userId))
      .where(eq(userIdTags.idTag, idTag))
      .limit(1);
    if (!row) {
      return { status: 'Invalid' as TIdTagStatus, user: null };
    }
    const may = forNewCharge
      ? await driverMayStart(db, row, config.minBalanceTyiyn)
      : driverMayCharge(row, config.minBalanceTyiyn);
    const status: TIdTagStatus = may ? 'Accepted' : 'Blocked';
    return { status, user: row };
  };

  // Remote starts this process's charge points accepted, by station and connector: the StartTransaction that follows
  // with the same id tag is the operator's (source 'operator'), still booked to the driver of the id tag.
  const remoteStarts = new Map<string, { idTag: string; until: number; appClient: AppClient | undefined }>();
  const remoteStartKey = (stationId: number, connectorId: number) => `${stationId}:${connectorId}`;
  const takeRemoteStart = (stationId: number, connectorId: number, idTag: string) => {
    const key = remoteStartKey(stationId, connectorId);
    const pending = remoteStarts.get(key);
    if (!pending || pending.until < Date.now() || pending.idTag !== idTag) {
      return null;
    }
    remoteStarts.delete(key);
    return pending;
  };

  /** A transaction id never handed out before (the charges' own sequence), for a start that books nothing. */
  const freshTransactionId = async () => {
    const result = (await db.execute(
      sql`select nextval('charges_ocpp_transaction_id_seq')::integer as id`,
    )) as unknown as { rows: { id: number }[] };
    return Number(result.rows[0]?.id);
  };

  const publishStatus = (stationId: number, connectorId: number) =>
    bus.publish('ocpp_events', { type: 'status', stationId, connectorId });
  /**
   * A charge's start or end: still its station's event for the live board, but no 'status', which makes the alerts
   * re-read the station's rules (none of them reads a charge). A meter value's event is its statement's
   * (ocpp.meter-values.ts).
   */
  const publishCharge = (stationId: number, connectorId: number) =>
    bus.publish('ocpp_events', { type: 'charge', stationId, connectorId });

  return {
    flushSeen,
    authorize,

    /** The charge point accepted RemoteStartTransaction for this connector and id tag. */
    expectRemoteStart(stationId: number, connectorId: number, idTag: string, appClient?: AppClient) {
      const now = Date.now();
      for (const [key, pending] of remoteStarts) {
        if (pending.until < now) {
          remoteStarts.delete(key);
        }
      }
      remoteStarts.set(remoteStartKey(stationId, connectorId), {
        idTag,
        until: now + REMOTE_START_WINDOW_MS,
        appClient,
      });
    },

    async bootNotification(session: StationSession, params: Record<string, string | undefined>) {
      const now = new Date();
      // The charge point's record and its history's 'boot' row, with the other boots of the moment (ocpp.history.ts).
      await recordBoot({
        stationId: session.stationId,
        vendor: params.chargePointVendor ?? null,
        model: params.chargePointModel ?? null,
        serialNumber: params.chargePointSerialNumber ?? params.chargeBoxSerialNumber ?? null,
        firmwareVersion: params.firmwareVersion ?? null,
        heartbeatIntervalS: config.heartbeatIntervalS,
        at: now,
      });
      await publishStatus(session.stationId, 0);
      return { status: 'Accepted', currentTime: now.toISOString(), interval: config.heartbeatIntervalS };
    },

    heartbeat(session: StationSession) {
      touch(session.stationId, true);
      return { currentTime: new Date().toISOString() };
    },

    async statusNotification(
      session: StationSession,
      params: { connectorId: number; status: string; errorCode: string; info?: string; vendorErrorCode?: string },
    ) {
      // The connector's last status and, when it changed, its history row, with the other StatusNotifications of the
      // moment in one statement (ocpp.history.ts).
      const changed = await recordStatus({
        stationId: session.stationId,
        connectorId: params.connectorId,
        status: params.status,
        errorCode: params.errorCode,
        info: params.info ?? null,
        vendorErrorCode: params.vendorErrorCode ?? null,
        at: new Date(),
      });
      touch(session.stationId, false);
      // A status told again unchanged (asked for after each boot, repeated by the charge point) is no event: the board
      // shows it already and the alerts take a repeat for no new evidence (docs/product/alerts.md).
      if (changed) {
        await publishStatus(session.stationId, params.connectorId);
      }
      return {};
    },

    async authorizeCall(_session: StationSession, params: { idTag: string }) {
      const { status } = await authorize(params.idTag);
      return { idTagInfo: { status } };
    },

    async startTransaction(
      session: StationSession,
      params: { connectorId: number; idTag: string; meterStart: number; timestamp: string; reservationId?: number },
    ) {
      // A connector reserved for another driver refuses the id tag (ocpp.reservations.ts).
      const { status, user, reservationId } = await honourReservation(
        db,
        session.stationId,
        params,
        await authorize(params.idTag),
      );
      touch(session.stationId, false);
      if (status !== 'Accepted' || !user) {
        // An unknown or blocked id tag books nothing: the charge point is told not to deliver, with a transaction id
        // of its own that no charge has or will have; its StopTransaction then finds no charge (acknowledged). A
        // connector the station does not have is still the charge point's error.
        const [connector] = await db
          .select({ id: stationConnectors.id })
          .from(stationConnectors)
          .where(
            and(eq(stationConnectors.stationId, session.stationId), eq(stationConnectors.ocpp16Id, params.connectorId)),
          )
          .limit(1);
        if (!connector) {
          throw new OcppCallError(
            'PropertyConstraintViolation',
            `connectorId ${params.connectorId}: connector_not_found`,
          );
        }
        const transactionId = await freshTransactionId();
        log.warn(
          { stationId: session.stationId, connectorId: params.connectorId, idTag: params.idTag, status, transactionId },
          'ocpp start refused: nothing booked',
        );
        // The alerts domain folds it into the connector's charge_failed incident (docs/product/alerts.md).
        void bus
          .publish('ocpp_events', {
            type: 'charge_failed',
            stationId: session.stationId,
            connectorId: params.connectorId,
            idTag: params.idTag,
            status,
            transactionId,
          })
          .catch(() => undefined);
        return { transactionId, idTagInfo: { status } };
      }
      const fromRemoteStart = takeRemoteStart(session.stationId, params.connectorId, params.idTag);
      const startedAt = new Date(params.timestamp);
      let charge;
      try {
        charge = await startCharge(db, {
          userId: user.userId,
          stationId: session.stationId,
          connectorOcppId: params.connectorId,
          source:
            fromRemoteStart && !fromRemoteStart.appClient
              ? 'operator'
              : user.kind === 'app' || fromRemoteStart
                ? 'app'
                : 'rfid',
          appVersion: fromRemoteStart?.appClient?.appVersion,
          platform: fromRemoteStart?.appClient?.platform ?? undefined,
          paymentMethod: 'personal_balance',
          idTag: params.idTag,
          meterStartWh: params.meterStart,
          startedAt: Number.isNaN(startedAt.getTime()) ? new Date() : startedAt,
          status: 'in_progress',
        });
      } catch (error) {
        if (error instanceof ApiError) {
          throw new OcppCallError('PropertyConstraintViolation', `connectorId ${params.connectorId}: ${error.message}`);
        }
        throw error;
      }
      if (reservationId !== null) {
        await markReservationUsed(db, reservationId, charge.id);
      }
      // The driver's app and the live board hear that a charge began (modules/drivers, modules/live).
      await publishCharge(session.stationId, params.connectorId);
      return { transactionId: charge.ocppTransactionId, idTagInfo: { status } };
    },

    async meterValues(
      session: StationSession,
      params: { connectorId: number; transactionId?: number; meterValue: MeterValue[] },
    ) {
      const { energyWh, powerW } = readMeterValues(params.meterValue);
      // Written with the other calls of the moment in one statement, which tells the bus (ocpp.meter-values.ts);
      // answered once written.
      await meterBook.book({
        stationId: session.stationId,
        connectorId: params.connectorId,
        transactionId: params.transactionId ?? null,
        energyWh,
        powerW,
      });
      touch(session.stationId, false);
      return {};
    },

    async stopTransaction(
      session: StationSession,
      params: { transactionId: number; meterStop: number; timestamp: string; reason?: string; idTag?: string },
    ) {
      const finishedAt = new Date(params.timestamp);
      // Stopped from the dashboard (RemoteStopTransaction) or ended by the driver or the car; the charge found by its
      // transaction id in the finish's own locking read. A stop reading below the meter values already taken does not
      // take energy back (the engine keeps the higher).
      const result = await finishCharge(db, {
        ocppTransaction: { stationId: session.stationId, transactionId: params.transactionId },
        status: params.reason === 'Remote' ? 'stopped' : 'finished',
        meterStopWh: params.meterStop,
        finishedAt: Number.isNaN(finishedAt.getTime()) ? new Date() : finishedAt,
      });
      if (result) {
        // The connector's power, a sample as its status is (ocpp.history.ts, SAMPLE_COMMIT): the charge is booked.
        await clearPower({ stationId: session.stationId, connectorId: result.charge.connectorOcppId });
        await publishCharge(session.stationId, result.charge.connectorOcppId);
      } else {
        // A transaction the central system does not know (refused at its start, another station's, or invented) is
        // acknowledged so that the charge point does not send it again and again, and left in the log.
        log.warn(
          { stationId: session.stationId, transactionId: params.transactionId, meterStop: params.meterStop },
          'ocpp stop of an unknown transaction acknowledged',
        );
      }
      touch(session.stationId, false);
      if (params.idTag === undefined) {
        return {};
      }
      return { idTagInfo: { status: (await authorize(params.idTag, false)).status } };
    },

    dataTransfer() {
      return { status: 'UnknownVendorId' };
    },
  };
};

export type OcppHandlers = ReturnType<typeof createOcppHandlers>;
