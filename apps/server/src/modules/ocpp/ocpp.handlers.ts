/**
 * What each OCPP 1.6 core-profile call from a charge point means here (issue 17, part 2). The framing, the schema
 * validation and the OCPP error answers are ocpp-rpc's; every charge goes through THE charges engine.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { charges, finishCharge, recordMeterValue, startCharge } from '../charges';
import { appUsers, userIdTags } from '../users';
import type { OcppBus } from './ocpp.bus';
import type { OcppConfig } from './ocpp.config';
import { chargePointConnectors, chargePoints } from './ocpp.tables';

export type TIdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

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

/** The energy register (Wh) and the power (W) among a MeterValues' samples; the last sample of each wins. */
export const readMeterValues = (meterValues: MeterValue[]) => {
  let energyWh: number | null = null;
  let powerW: number | null = null;
  for (const meterValue of meterValues) {
    for (const sample of meterValue.sampledValue) {
      const value = Number(sample.value);
      if (!Number.isFinite(value) || value < 0) {
        continue;
      }
      const measurand = sample.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register') {
        energyWh = Math.round(sample.unit === 'kWh' ? value * 1000 : value);
      } else if (measurand === 'Power.Active.Import') {
        powerW = Math.round(sample.unit === 'kW' ? value * 1000 : value);
      }
    }
  }
  return { energyWh, powerW };
};

export const createOcppHandlers = (db: Database, config: OcppConfig, bus: OcppBus) => {
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
    await db.update(chargePoints).set({ lastSeenAt: now }).where(inArray(chargePoints.stationId, heard));
    if (beating.length > 0) {
      await db.update(chargePoints).set({ lastHeartbeatAt: now }).where(inArray(chargePoints.stationId, beating));
    }
  };

  const authorize = async (idTag: string) => {
    const [row] = await db
      .select({ userId: appUsers.id, status: appUsers.status, balance: appUsers.balance, kind: userIdTags.kind })
      .from(userIdTags)
      .innerJoin(appUsers, eq(appUsers.id, userIdTags.userId))
      .where(eq(userIdTags.idTag, idTag))
      .limit(1);
    if (!row) {
      return { status: 'Invalid' as TIdTagStatus, user: null };
    }
    // A blocked driver, or one whose balance is not above the network's minimum, may not start a charge.
    const status: TIdTagStatus = row.status !== 0 || row.balance <= config.minBalanceTyiyn ? 'Blocked' : 'Accepted';
    return { status, user: row };
  };

  const publishStatus = (stationId: number, connectorId: number) =>
    bus.publish('ocpp_events', { type: 'status', stationId, connectorId });

  return {
    flushSeen,
    authorize,

    async bootNotification(session: StationSession, params: Record<string, string | undefined>) {
      const now = new Date();
      const values = {
        vendor: params.chargePointVendor ?? null,
        model: params.chargePointModel ?? null,
        serialNumber: params.chargePointSerialNumber ?? params.chargeBoxSerialNumber ?? null,
        firmwareVersion: params.firmwareVersion ?? null,
        heartbeatIntervalS: config.heartbeatIntervalS,
        bootedAt: now,
        lastSeenAt: now,
        lastHeartbeatAt: now,
      };
      await db
        .insert(chargePoints)
        .values({ stationId: session.stationId, ...values })
        .onConflictDoUpdate({ target: chargePoints.stationId, set: values });
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
      const values = {
        status: params.status,
        errorCode: params.errorCode,
        info: params.info ?? null,
        vendorErrorCode: params.vendorErrorCode ?? null,
        reportedAt: new Date(),
        ...(params.status === 'Charging' ? {} : { powerW: null }),
      };
      await db
        .insert(chargePointConnectors)
        .values({ stationId: session.stationId, connectorId: params.connectorId, ...values })
        .onConflictDoUpdate({
          target: [chargePointConnectors.stationId, chargePointConnectors.connectorId],
          set: values,
        });
      touch(session.stationId, false);
      await publishStatus(session.stationId, params.connectorId);
      return {};
    },

    async authorizeCall(_session: StationSession, params: { idTag: string }) {
      const { status } = await authorize(params.idTag);
      return { idTagInfo: { status } };
    },

    async startTransaction(
      session: StationSession,
      params: { connectorId: number; idTag: string; meterStart: number; timestamp: string },
    ) {
      const { status, user } = await authorize(params.idTag);
      const startedAt = new Date(params.timestamp);
      let charge;
      try {
        charge = await startCharge(db, {
          userId: user?.userId ?? null,
          stationId: session.stationId,
          connectorOcppId: params.connectorId,
          source: user?.kind === 'app' ? 'app' : 'rfid',
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
      if (status !== 'Accepted') {
        // The charge point is told not to deliver; the attempt is kept as an 'unauthorized' charge.
        await finishCharge(db, { chargeId: charge.id, status: 'unauthorized' });
      }
      touch(session.stationId, false);
      return { transactionId: charge.ocppTransactionId, idTagInfo: { status } };
    },

    async meterValues(
      session: StationSession,
      params: { connectorId: number; transactionId?: number; meterValue: MeterValue[] },
    ) {
      const { energyWh, powerW } = readMeterValues(params.meterValue);
      if (params.transactionId !== undefined && energyWh !== null) {
        const [charge] = await db
          .select({ id: charges.id })
          .from(charges)
          .where(and(eq(charges.ocppTransactionId, params.transactionId), eq(charges.stationId, session.stationId)));
        if (charge) {
          await recordMeterValue(db, charge.id, energyWh);
        }
      }
      if (params.connectorId > 0) {
        await db
          .update(chargePointConnectors)
          .set({
            ...(powerW !== null ? { powerW } : {}),
            ...(energyWh !== null ? { meterWh: energyWh } : {}),
          })
          .where(
            and(
              eq(chargePointConnectors.stationId, session.stationId),
              eq(chargePointConnectors.connectorId, params.connectorId),
            ),
          );
      }
      touch(session.stationId, false);
      await publishStatus(session.stationId, params.connectorId);
      return {};
    },

    async stopTransaction(
      session: StationSession,
      params: { transactionId: number; meterStop: number; timestamp: string; reason?: string; idTag?: string },
    ) {
      const [charge] = await db
        .select({ id: charges.id, connectorOcppId: charges.connectorOcppId })
        .from(charges)
        .where(and(eq(charges.ocppTransactionId, params.transactionId), eq(charges.stationId, session.stationId)));
      if (charge) {
        const finishedAt = new Date(params.timestamp);
        // Stopped from the dashboard (RemoteStopTransaction) or ended by the driver or the car.
        await finishCharge(db, {
          chargeId: charge.id,
          status: params.reason === 'Remote' ? 'stopped' : 'finished',
          meterStopWh: params.meterStop,
          finishedAt: Number.isNaN(finishedAt.getTime()) ? new Date() : finishedAt,
        });
        await db
          .update(chargePointConnectors)
          .set({ powerW: null })
          .where(
            and(
              eq(chargePointConnectors.stationId, session.stationId),
              eq(chargePointConnectors.connectorId, charge.connectorOcppId),
            ),
          );
        await publishStatus(session.stationId, charge.connectorOcppId);
      }
      touch(session.stationId, false);
      if (params.idTag === undefined) {
        return {};
      }
      return { idTagInfo: { status: (await authorize(params.idTag)).status } };
    },

    dataTransfer() {
      return { status: 'UnknownVendorId' };
    },
  };
};

export type OcppHandlers = ReturnType<typeof createOcppHandlers>;

/** Marks the station's charge point connected by this process (or disconnected when `processId` is null). */
export const markConnected = async (db: Database, stationId: number, processId: string | null, previous?: string) => {
  if (processId) {
    const now = new Date();
    await db
      .insert(chargePoints)
      .values({ stationId, connectedAt: now, connectedProcess: processId, lastSeenAt: now })
      .onConflictDoUpdate({
        target: chargePoints.stationId,
        set: { connectedAt: now, connectedProcess: processId, lastSeenAt: now },
      });
    return;
  }
  await db
    .update(chargePoints)
    .set({ connectedAt: null, connectedProcess: null })
    .where(and(eq(chargePoints.stationId, stationId), sql`${chargePoints.connectedProcess} = ${previous ?? ''}`));
};
