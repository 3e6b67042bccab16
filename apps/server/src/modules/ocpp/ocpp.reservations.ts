/**
 * Reservations of a connector for a driver (OCPP 1.6 Reservation profile; docs/product/ocpp.md#4-states-and-rules):
 * made and cancelled through the reservations calls (ReserveNow needs the reservation id the server gives it, so it is
 * not a plain command-call action), expired by the scheduler, used by the driver's StartTransaction.
 */
import type { TPaged } from '@zaryad/contracts';
import {
  RESERVATION_MAX_HOURS,
  type TReservation,
  type TReservationBody,
  type TReservationResult,
  type TReservationStatus,
} from '@zaryad/contracts/ocpp-auth';
import { and, asc, count, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import type { ChargePointGateway, CommandOutcome } from '../../platform/charge-points';
import type { ScheduledJob } from '../../platform/scheduler';
import { isUniqueViolation } from '../../platform/unique-violation';
import { accounts } from '../accounts';
import { stationConnectors } from '../stations';
import { appUsers, userIdTags } from '../users';
import { driverMayStart, type TIdTagStatus } from './ocpp.drivers';
import { chargePointReservations } from './ocpp.reservations.tables';

/** The advisory lock of the expiry job (scheduler.ts): distinct from the other jobs' keys. */
const EXPIRY_LOCK_KEY = 720_170_003;
const HOUR_MS = 3_600_000;

type TReservationRow = typeof chargePointReservations.$inferSelect;

const readRows = (db: Database) =>
  db
    .select({
      reservation: chargePointReservations,
      userName: appUsers.name,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(chargePointReservations)
    .leftJoin(appUsers, eq(appUsers.id, chargePointReservations.userId))
    .leftJoin(accounts, eq(accounts.id, chargePointReservations.accountId));

const toReservation = (row: {
  reservation: TReservationRow;
  userName: string | null;
  firstName: string | null;
  lastName: string | null;
}): TReservation => ({
  id: row.reservation.id,
  station_id: row.reservation.stationId,
  connector_id: row.reservation.connectorId,
  id_tag: row.reservation.idTag,
  user_id: row.reservation.userId,
  user_name: row.userName,
  expires_at: row.reservation.expiresAt.toISOString(),
  status: row.reservation.status as TReservationStatus,
  charge_id: row.reservation.chargeId,
  created_at: row.reservation.createdAt.toISOString(),
  account: row.firstName === null ? null : `${row.lastName ?? ''} ${row.firstName}`.trim(),
});

const setStatus = (db: Database, id: number, status: TReservationStatus) =>
  db
    .update(chargePointReservations)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(chargePointReservations.id, id), eq(chargePointReservations.status, 'active')));

/** Active reservations past their expiry become expired; answers their ids. */
export const expireReservations = async (db: Database, now: Date): Promise<number[]> =>
  (
    await db
      .update(chargePointReservations)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(chargePointReservations.status, 'active'), lte(chargePointReservations.expiresAt, now)))
      .returning({ id: chargePointReservations.id })
  )
    .map(({ id }) => id)
    .sort((a, b) => a - b);

/** The scheduled job: every minute, with the stale charges (the charge point drops an expired reservation itself). */
export const expiredReservationsJob: ScheduledJob = {
  name: 'ocpp.reservations-expiry',
  lockKey: EXPIRY_LOCK_KEY,
  everyMs: 60_000,
  run: (tx, now) => expireReservations(tx, now),
};

/**
 * What a StartTransaction does to the reservations of its station (OCPP 1.6 ReserveNow): on a connector reserved for
 * another driver (or naming another driver's reservation) the id tag is refused (Invalid: nothing is booked); the
 * reserving driver's start (by the reserved id tag or another of that driver's) uses the reservation, whose id is
 * answered to mark it used once the charge is booked. Any other start is left as authorised.
 */
export const honourReservation = async <TUser extends { userId: number }>(
  db: Database,
  stationId: number,
  params: { connectorId: number; idTag: string; reservationId?: number },
  authorized: { status: TIdTagStatus; user: TUser | null },
  now = new Date(),
): Promise<{ status: TIdTagStatus; user: TUser | null; reservationId: number | null }> => {
  if (authorized.status !== 'Accepted' || !authorized.user) {
    return { ...authorized, reservationId: null };
  }
  const reserved = await db
    .select({
      id: chargePointReservations.id,
      connectorId: chargePointReservations.connectorId,
      idTag: chargePointReservations.idTag,
      userId: chargePointReservations.userId,
    })
    .from(chargePointReservations)
    .where(
      and(
        eq(chargePointReservations.stationId, stationId),
        eq(chargePointReservations.status, 'active'),
        gt(chargePointReservations.expiresAt, now),
        or(
          eq(chargePointReservations.connectorId, params.connectorId),
          eq(chargePointReservations.connectorId, 0),
          params.reservationId === undefined ? undefined : eq(chargePointReservations.id, params.reservationId),
        ),
      ),
    );
  const { user } = authorized;
  const isReservingDriver = (reservation: (typeof reserved)[number]) =>
    reservation.idTag === params.idTag || (reservation.userId !== null && reservation.userId === user.userId);
  // A reservation of the whole charge point (connector 0) is the reserving driver's on any connector; the charge point
  // keeps a connector free for it, so another driver's start elsewhere is no business of it.
  const ofChargePoint = reserved.find(({ connectorId }) => connectorId === 0);
  const reservation =
    reserved.find(({ id }) => id === params.reservationId) ??
    reserved.find(({ connectorId }) => connectorId === params.connectorId) ??
    (ofChargePoint && isReservingDriver(ofChargePoint) ? ofChargePoint : undefined);
  if (!reservation) {
    return { ...authorized, reservationId: null };
  }
  return isReservingDriver(reservation)
    ? { ...authorized, reservationId: reservation.id }
    : { status: 'Invalid', user, reservationId: null };
};

/** The reservation a StartTransaction used: used, with the charge it became. */
export const markReservationUsed = (db: Database, reservationId: number, chargeId: number) =>
  db
    .update(chargePointReservations)
    .set({ status: 'used', chargeId, updatedAt: new Date() })
    .where(and(eq(chargePointReservations.id, reservationId), eq(chargePointReservations.status, 'active')));

export const createReservationsService = (db: Database, options: { minBalanceTyiyn: bigint }) => {
  const reservationOf = async (stationId: number, id: number) => {
    const [row] = await readRows(db).where(
      and(eq(chargePointReservations.id, id), eq(chargePointReservations.stationId, stationId)),
    );
    if (!row) {
      throw new ApiError(404, 'reservation_not_found');
    }
    return toReservation(row);
  };

  /** The driver's id tag: the one given, or the app user's RFID card (tapped at the charge point), else app token. */
  const driverOf = async (body: TReservationBody) => {
    const field = body.id_tag === undefined ? 'user_id' : 'id_tag';
    const [driver] = await db
      .select({ userId: appUsers.id, idTag: userIdTags.idTag, status: appUsers.status, balance: appUsers.balance })
      .from(appUsers)
      .leftJoin(userIdTags, eq(userIdTags.userId, appUsers.id))
      .where(
        body.id_tag === undefined
          ? eq(appUsers.id, body.user_id ?? 0)
          : sql`${appUsers.id} = (select ${userIdTags.userId} from ${userIdTags} where ${userIdTags.idTag} = ${body.id_tag})`,
      )
      .orderBy(
        sql`(${userIdTags.idTag} = ${body.id_tag ?? null}) desc nulls last`,
        sql`(${userIdTags.kind} = 'rfid') desc nulls last`,
        asc(userIdTags.id),
      )
      .limit(1);
    if (!driver) {
      throw new FieldErrors({ [field]: [body.id_tag === undefined ? 'ocpp_driver_not_found' : 'ocpp_id_tag_unknown'] });
    }
    if (driver.idTag === null) {
      throw new FieldErrors({ [field]: ['ocpp_driver_without_id_tag'] });
    }
    if (!(await driverMayStart(db, driver, options.minBalanceTyiyn))) {
      throw new FieldErrors({ [field]: ['ocpp_driver_may_not_charge'] });
    }
    return { userId: driver.userId, idTag: driver.idTag };
  };

  return {
    reservationOf,

    /** A station's reservations, newest first, optionally of one status. */
    async list(
      stationId: number,
      query: { page: number; size: number; status?: TReservationStatus | undefined },
    ): Promise<TPaged<TReservation>> {
      const where = and(
        eq(chargePointReservations.stationId, stationId),
        query.status === undefined ? undefined : eq(chargePointReservations.status, query.status),
      );
      const [total] = await db.select({ total: count() }).from(chargePointReservations).where(where);
      const rows = await readRows(db)
        .where(where)
        .orderBy(desc(chargePointReservations.createdAt), desc(chargePointReservations.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const all = Number(total?.total ?? 0);
      return {
        items: rows.map(toReservation),
        page: query.page,
        pages: Math.max(1, Math.ceil(all / query.size)),
        size: query.size,
        total: all,
      };
    },

    /**
     * ReserveNow: the reservation is stored active (its id is the OCPP reservationId), then sent; unless the charge
     * point answers Accepted it becomes rejected (refused, or no answer: it may not hold it).
     */
    async reserve(
      gateway: ChargePointGateway,
      input: { stationId: number; body: TReservationBody; accountId: number; now?: Date },
    ): Promise<TReservationResult> {
      const { stationId, body } = input;
      const now = input.now ?? new Date();
      const expiresAt = new Date(body.expires_at);
      if (expiresAt.getTime() <= now.getTime()) {
        throw new FieldErrors({ expires_at: ['reservation_expiry_past'] });
      }
      if (expiresAt.getTime() > now.getTime() + RESERVATION_MAX_HOURS * HOUR_MS) {
        throw new FieldErrors({ expires_at: [`reservation_expiry_too_far:${RESERVATION_MAX_HOURS}`] });
      }
      // Connector 0 reserves the whole charge point: it needs a connector of some kind.
      const [connector] = await db
        .select({ id: stationConnectors.id })
        .from(stationConnectors)
        .where(
          and(
            eq(stationConnectors.stationId, stationId),
            body.connector_id === 0 ? undefined : eq(stationConnectors.ocpp16Id, body.connector_id),
          ),
        )
        .limit(1);
      if (!connector) {
        throw new FieldErrors({ connector_id: [`connector_not_found:${body.connector_id}`] });
      }
      const driver = await driverOf(body);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          // One that expired since the last sweep does not hold the connector.
          await expireReservations(tx, now);
          const [row] = await tx
            .insert(chargePointReservations)
            .values({
              stationId,
              connectorId: body.connector_id,
              idTag: driver.idTag,
              userId: driver.userId,
              expiresAt,
              status: 'active',
              accountId: input.accountId,
            })
            .returning({ id: chargePointReservations.id });
          return row!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'charge_point_reservations_active_idx')) {
          throw new ApiError(409, 'reservation_connector_reserved');
        }
        throw error;
      }
      const command = await gateway.send({
        stationId,
        action: 'ReserveNow',
        payload: { connectorId: body.connector_id, expiryDate: expiresAt.toISOString(), idTag: driver.idTag, reservationId: id },
        accountId: input.accountId,
      });
      if (command.status !== 'accepted') {
        await setStatus(db, id, 'rejected');
      }
      return { reservation: await reservationOf(stationId, id), command: answered(command) };
    },

    /**
     * CancelReservation: cancelled when the charge point accepts, or answers Rejected (it holds no such reservation);
     * without an answer it stays active (until it expires, or another cancel is answered).
     */
    async cancel(
      gateway: ChargePointGateway,
      input: { stationId: number; reservationId: number; accountId: number },
    ): Promise<TReservationResult> {
      const reservation = await reservationOf(input.stationId, input.reservationId);
      if (reservation.status !== 'active') {
        throw new ApiError(409, 'reservation_not_active');
      }
      const command = await gateway.send({
        stationId: input.stationId,
        action: 'CancelReservation',
        payload: { reservationId: reservation.id },
        accountId: input.accountId,
      });
      if (command.status === 'accepted' || command.status === 'rejected') {
        await setStatus(db, reservation.id, 'cancelled');
      }
      return { reservation: await reservationOf(input.stationId, reservation.id), command: answered(command) };
    },
  };
};

const answered = (outcome: CommandOutcome) => ({ status: outcome.status, response: outcome.response ?? null });

export type ReservationsService = ReturnType<typeof createReservationsService>;
