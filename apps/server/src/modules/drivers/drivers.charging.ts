import { formatSom, RUNNING_CHARGE_STATUSES, translateMessage, type TCharge, type TLanguage } from '@zaryad/contracts';
import type { TAppCharge, TAppSession } from '@zaryad/contracts/app';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { isUniqueViolation } from '../../platform/unique-violation';
import type { AppClient, ChargePointGateway } from '../../platform/charge-points';
import { charges, selectChargeRows, toCharges } from '../charges';
import { merchants } from '../merchants';
import { chargePointConnectors, createOcppService, driverMayStart } from '../ocpp';
import { isOpenAt, type TStoredSchedule } from '../schedules';
import { stationConnectors, stations } from '../stations';
import { appUsers } from '../users';
import { appChargeStarts } from './drivers.tables';

/** How long a start stays open after its call: RemoteStart's answer and the StartTransaction that follows it. */
export const START_OPEN_S = 90;

/** A connector's OCPP status that lets a charge start; Faulted and Unavailable are out of order; others are taken. */
const FREE_STATUSES = new Set(['Available', 'Preparing']);
const BROKEN_STATUSES = new Set(['Faulted', 'Unavailable']);

const OPEN_OUTCOMES = ['pending', 'accepted'] as const;

export interface ChargingOptions {
  db: Database;
  minBalanceTyiyn: bigint;
  gateway: () => ChargePointGateway;
}

/**
 * Charging from the app (docs/product/app-api.md#charging): a start checked here and then told to the charge point
 * by RemoteStartTransaction with the driver's app id tag (the OCPP domain's own payload, smart-charging profile
 * included); the charge itself is the charges engine's, made by the charge point's StartTransaction.
 */
export const createCharging = ({ db, minBalanceTyiyn, gateway }: ChargingOptions) => {
  const ocpp = createOcppService(db, { minBalanceTyiyn });

  const openStart = and(
    inArray(appChargeStarts.outcome, [...OPEN_OUTCOMES]),
    gt(appChargeStarts.createdAt, sql`now() - make_interval(secs => ${START_OPEN_S})`),
  );

  /** Open starts older than START_OPEN_S are history: the connector is free for another start. */
  const expireStarts = (where: ReturnType<typeof and>) =>
    db
      .update(appChargeStarts)
      .set({ outcome: 'expired' })
      .where(
        and(
          where,
          inArray(appChargeStarts.outcome, [...OPEN_OUTCOMES]),
          sql`${appChargeStarts.createdAt} <= now() - make_interval(secs => ${START_OPEN_S})`,
        ),
      );

  /** The driver's app charges as the app shows them, from the dashboard's rows (the one running-cost function). */
  const appCharges = async (
    where: ReturnType<typeof and>,
    language: TLanguage,
    page?: { size: number; offset: number },
  ) => {
    let query = selectChargeRows(db, language)
      .where(where)
      .orderBy(desc(charges.startedAt), desc(charges.id))
      .$dynamic();
    if (page) {
      query = query.limit(page.size).offset(page.offset);
    }
    const rows = await query;
    const answered = await toCharges(db, rows);
    const details = await chargeDetails(answered, language);
    return answered.map((charge) => toAppCharge(charge, details.get(charge.id)));
  };

  /** The station's address and the connector's live power, which the dashboard's row does not carry. */
  const chargeDetails = async (list: TCharge[], language: TLanguage) => {
    const details = new Map<number, { address: string; powerW: number | null }>();
    if (list.length === 0) {
      return details;
    }
    const stationIds = [...new Set(list.map((charge) => charge.station.id))];
    const addressColumn = { ru: stations.addressRu, en: stations.addressEn, ky: stations.addressKy }[language];
    const addresses = new Map(
      (
        await db
          .select({ id: stations.id, address: addressColumn })
          .from(stations)
          .where(inArray(stations.id, stationIds))
      ).map((row) => [row.id, row.address]),
    );
    const powers = await db
      .select({
        stationId: chargePointConnectors.stationId,
        connectorId: chargePointConnectors.connectorId,
        powerW: chargePointConnectors.powerW,
      })
      .from(chargePointConnectors)
      .where(inArray(chargePointConnectors.stationId, stationIds));
    for (const charge of list) {
      const power = powers.find(
        (row) => row.stationId === charge.station.id && row.connectorId === charge.connector.ocpp_16_id,
      );
      details.set(charge.id, {
        address: addresses.get(charge.station.id) ?? '',
        powerW: charge.running_cost && power?.powerW != null ? Math.round(Number(power.powerW)) : null,
      });
    }
    return details;
  };

  const toAppCharge = (
    charge: TCharge,
    details: { address: string; powerW: number | null } | undefined,
  ): TAppCharge => ({
    id: charge.id,
    status: charge.status,
    running: charge.running_cost !== null,
    station: { id: charge.station.id, name: charge.station.name, address: details?.address ?? '' },
    connector: charge.connector,
    started_at: charge.started_at,
    finished_at: charge.finished_at,
    duration: charge.duration,
    consumption_kwh: charge.consumption_kwh,
    power_w: details?.powerW ?? null,
    cost: charge.running_cost ? charge.running_cost.total_cost : charge.total_cost,
    discount: charge.running_cost ? charge.running_cost.discount : charge.discount,
    running_cost: charge.running_cost,
    cost_breakdown: charge.cost_breakdown,
    payment_method: charge.payment_method,
  });

  const runningOf = (userId: number) =>
    and(eq(charges.userId, userId), inArray(charges.status, [...RUNNING_CHARGE_STATUSES]));

  /** The driver's open starts whose charge has not come yet; a start whose charge has come is marked `charging`. */
  const startingOf = async (userId: number) => {
    await expireStarts(eq(appChargeStarts.userId, userId));
    const open = await db
      .select()
      .from(appChargeStarts)
      .where(and(eq(appChargeStarts.userId, userId), openStart));
    const waiting = [];
    for (const start of open) {
      const [charge] = await db
        .select({ id: charges.id })
        .from(charges)
        .where(
          and(
            eq(charges.userId, userId),
            eq(charges.stationId, start.stationId),
            eq(charges.connectorOcppId, start.connectorOcppId),
            // The charge point's clock may lag the server's by a little.
            gt(charges.startedAt, new Date(start.createdAt.getTime() - 60_000)),
          ),
        )
        .orderBy(desc(charges.id))
        .limit(1);
      if (charge) {
        await db
          .update(appChargeStarts)
          .set({ outcome: 'charging', chargeId: charge.id })
          .where(eq(appChargeStarts.id, start.id));
      } else if (start.outcome === 'accepted') {
        waiting.push({
          station_id: start.stationId,
          connector_id: start.connectorId,
          since: start.createdAt.toISOString(),
        });
      }
    }
    return waiting;
  };

  return {
    /** GET /charging/: the driver's running charges and the starts waiting for their charge point. */
    async session(userId: number, language: TLanguage): Promise<TAppSession> {
      const starting = await startingOf(userId);
      return { charges: await appCharges(runningOf(userId), language), starting };
    },

    /** The stations the driver's session lives on: their events wake the session's stream. */
    async sessionStations(userId: number): Promise<Set<number>> {
      const running = await db.select({ stationId: charges.stationId }).from(charges).where(runningOf(userId));
      const starts = await db
        .select({ stationId: appChargeStarts.stationId })
        .from(appChargeStarts)
        .where(and(eq(appChargeStarts.userId, userId), openStart));
      return new Set([...running, ...starts].map((row) => row.stationId));
    },

    /** POST /charging/start/: every check, then RemoteStartTransaction; refused with the reason a driver can act on. */
    async start(userId: number, connectorId: number, client: AppClient, language: TLanguage) {
      const [target] = await db
        .select({
          stationId: stationConnectors.stationId,
          ocppId: stationConnectors.ocpp16Id,
          stationStatus: stations.status,
          merchantStatus: merchants.status,
          schedule: stations.schedule,
        })
        .from(stationConnectors)
        .innerJoin(stations, eq(stations.id, stationConnectors.stationId))
        .innerJoin(merchants, eq(merchants.id, stations.merchantId))
        .where(eq(stationConnectors.id, connectorId));
      if (!target || target.stationStatus !== 0 || target.merchantStatus !== 0) {
        throw new ApiError(404, 'app_connector_not_found');
      }
      const [driver] = await db
        .select({ status: appUsers.status, balance: appUsers.balance })
        .from(appUsers)
        .where(eq(appUsers.id, userId));
      if (!driver || !(await driverMayStart(db, { userId, ...driver }, minBalanceTyiyn))) {
        throw new ApiError(409, `app_balance_too_low:${formatSom(minBalanceTyiyn)}`);
      }
      const [mine] = await db.select({ running: count() }).from(charges).where(runningOf(userId));
      if ((mine?.running ?? 0) > 0 || (await startingOf(userId)).length > 0) {
        throw new ApiError(409, 'app_charge_in_progress');
      }
      if (!isOpenAt(target.schedule as TStoredSchedule, new Date())) {
        throw new ApiError(409, 'app_station_closed');
      }
      const presence = (await gateway().presence([target.stationId])).get(target.stationId);
      if (presence?.state !== 'online') {
        throw new ApiError(409, 'app_station_offline');
      }
      const [state] = await db
        .select({ status: chargePointConnectors.status })
        .from(chargePointConnectors)
        .where(
          and(
            eq(chargePointConnectors.stationId, target.stationId),
            eq(chargePointConnectors.connectorId, target.ocppId),
          ),
        );
      if (state && BROKEN_STATUSES.has(state.status)) {
        throw new ApiError(409, 'app_connector_out_of_order');
      }
      const [taken] = await db
        .select({ running: count() })
        .from(charges)
        .where(
          and(
            eq(charges.stationId, target.stationId),
            eq(charges.connectorOcppId, target.ocppId),
            inArray(charges.status, [...RUNNING_CHARGE_STATUSES]),
          ),
        );
      if ((state && !FREE_STATUSES.has(state.status)) || (taken?.running ?? 0) > 0) {
        throw new ApiError(409, 'app_connector_busy');
      }
      // The connector's one open start: of two drivers at once, the second meets the unique index.
      await expireStarts(
        and(eq(appChargeStarts.stationId, target.stationId), eq(appChargeStarts.connectorOcppId, target.ocppId)),
      );
      let startId: number;
      try {
        const [row] = await db
          .insert(appChargeStarts)
          .values({ userId, stationId: target.stationId, connectorOcppId: target.ocppId, connectorId })
          .returning({ id: appChargeStarts.id });
        startId = row!.id;
      } catch (error) {
        if (isUniqueViolation(error, 'app_charge_starts_open_unique')) {
          throw new ApiError(409, 'app_connector_busy');
        }
        throw error;
      }
      let outcome;
      try {
        const command = await ocpp.prepareCommand(target.stationId, {
          action: 'RemoteStartTransaction',
          payload: { connectorId: target.ocppId, userId },
        });
        outcome = await gateway().send({ stationId: target.stationId, ...command, accountId: null, appClient: client });
      } catch (error) {
        await db.update(appChargeStarts).set({ outcome: 'failed' }).where(eq(appChargeStarts.id, startId));
        throw error;
      }
      await db.update(appChargeStarts).set({ outcome: outcome.status }).where(eq(appChargeStarts.id, startId));
      if (outcome.status === 'rejected' || outcome.status === 'failed') {
        throw new ApiError(409, 'app_start_rejected');
      }
      if (outcome.status !== 'accepted') {
        throw new ApiError(503, 'app_start_no_answer');
      }
      const [charge] = await appCharges(
        and(runningOf(userId), eq(charges.stationId, target.stationId), eq(charges.connectorOcppId, target.ocppId)),
        language,
      );
      return {
        detail: translateMessage('app_start_accepted', language),
        station_id: target.stationId,
        connector_id: connectorId,
        charge: charge ?? null,
      };
    },

    /** POST /charging/{id}/stop/: RemoteStopTransaction of the driver's own running charge. */
    async stop(userId: number, chargeId: number, language: TLanguage) {
      const [charge] = await db
        .select({ status: charges.status, stationId: charges.stationId, transactionId: charges.ocppTransactionId })
        .from(charges)
        .where(and(eq(charges.id, chargeId), eq(charges.userId, userId)));
      // Another driver's charge is not found: nobody learns that it exists.
      if (!charge) {
        throw new ApiError(404, 'app_charge_not_found');
      }
      if (!(RUNNING_CHARGE_STATUSES as readonly string[]).includes(charge.status)) {
        throw new ApiError(409, 'app_charge_not_running');
      }
      const presence = (await gateway().presence([charge.stationId])).get(charge.stationId);
      if (presence?.state !== 'online') {
        throw new ApiError(409, 'app_station_offline');
      }
      const outcome = await gateway().send({
        stationId: charge.stationId,
        action: 'RemoteStopTransaction',
        payload: { transactionId: charge.transactionId },
        accountId: null,
      });
      if (outcome.status !== 'accepted') {
        throw new ApiError(outcome.status === 'rejected' || outcome.status === 'failed' ? 409 : 503, 'app_stop_failed');
      }
      const [after] = await appCharges(and(eq(charges.id, chargeId)), language);
      return { detail: translateMessage('app_stop_accepted', language), charge: after! };
    },

    /** GET /charges/: the driver's charges, newest first. */
    async history(userId: number, page: number, size: number, language: TLanguage) {
      const [total] = await db.select({ total: count() }).from(charges).where(eq(charges.userId, userId));
      const all = total?.total ?? 0;
      return {
        items: await appCharges(and(eq(charges.userId, userId)), language, { size, offset: (page - 1) * size }),
        page,
        pages: Math.max(1, Math.ceil(all / size)),
        size,
        total: all,
      };
    },

    /** GET /charges/{id}/: one of the driver's charges, its receipt once it ended. */
    async charge(userId: number, chargeId: number, language: TLanguage) {
      const [charge] = await appCharges(and(eq(charges.id, chargeId), eq(charges.userId, userId)), language);
      if (!charge) {
        throw new ApiError(404, 'app_charge_not_found');
      }
      return charge;
    },
  };
};

export type Charging = ReturnType<typeof createCharging>;
