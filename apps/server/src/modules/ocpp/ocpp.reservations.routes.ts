import { ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import {
  ZReservationBody,
  ZReservationPage,
  ZReservationParams,
  ZReservationQuery,
  ZReservationResult,
} from '@zaryad/contracts/ocpp-auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { chargePointsOf } from '../../platform/charge-points';
import type { ReservationsService } from './ocpp.reservations';
import type { OcppService } from './ocpp.service';

export interface ReservationsRoutesOptions {
  ocpp: OcppService;
  reservations: ReservationsService;
}

const tags = ['ocpp'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * /api/v1/ocpp/stations/{id}/reservations/: a station's reservations (OCPP 1.6 ReserveNow and CancelReservation,
 * docs/product/ocpp.md#7-calls). Their own calls rather than command-call actions: the server gives the reservation
 * its id, keeps its status, and a StartTransaction honours it.
 */
export const reservationsRoutes = async (
  fastify: FastifyInstance,
  { ocpp, reservations }: ReservationsRoutesOptions,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stations/:id/reservations/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags,
        summary: "A station's reservations, newest first (status: active, used, cancelled, expired, rejected)",
        params: ZIdParam,
        querystring: ZReservationQuery,
        response: { 200: ZReservationPage, ...errors },
      },
    },
    async (request) =>
      reservations.list(await ocpp.stationIdOf(request.params.id), request.query),
  );

  app.post(
    '/stations/:id/reservations/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: 'Reserves a connector for a driver until expires_at: sends ReserveNow and records it',
        description:
          'The driver as id_tag or user_id (that app user\'s RFID card, else their app token), one of the two; the driver must be allowed to charge. expires_at: in the future, at most 24 hours ahead. One active reservation per connector (409). The reservation stays active when the charge point answers Accepted; otherwise (refused, no answer, not connected) it is rejected. command: the charge point\'s answer as the command call gives it.',
        params: ZIdParam,
        body: ZReservationBody,
        response: { 201: ZReservationResult, ...errors, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const stationId = await ocpp.stationIdOf(request.params.id);
      const result = await reservations.reserve(chargePointsOf(request.server), {
        stationId,
        body: request.body,
        accountId: currentAccount(request).id,
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/stations/:id/reservations/:reservationId/cancel/',
    {
      config: { permission: 'stations.manage_charge_point' },
      schema: {
        tags,
        summary: 'Cancels an active reservation: sends CancelReservation and records it',
        description:
          'Cancelled when the charge point answers Accepted, or Rejected (it holds no such reservation); without an answer it stays active. A reservation no longer active: 409.',
        params: ZReservationParams,
        response: { 200: ZReservationResult, ...errors, 409: ZErrorBody },
      },
    },
    async (request) => {
      const stationId = await ocpp.stationIdOf(request.params.id);
      return reservations.cancel(chargePointsOf(request.server), {
        stationId,
        reservationId: request.params.reservationId,
        accountId: currentAccount(request).id,
      });
    },
  );
};
