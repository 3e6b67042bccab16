import {
  translateMessage,
  ZChargeExportQuery,
  ZChargeListQuery,
  ZChargePage,
  ZChargeTotals,
  ZChargeTotalsQuery,
  ZErrorBody,
  ZIdParam,
  ZStopChargeBody,
  ZStopChargeResult,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChargeRefundBody, ZChargeRefunds, ZLedgerResult } from '@zaryad/contracts/payments';
import { currentAccount } from '../../http/auth';
import { sendDetail } from '../../http/errors';
import { idempotencyHeaders, idempotencyKeyOf } from '../../platform/idempotency-key';
import { chargePointsOf } from '../../platform/charge-points';
import { exportRoute } from '../../platform/export';
import { chargeExportColumns, chargeExportQuery } from './charges.export';
import type { RefundsService } from './charges.refunds';
import type { ChargesService } from './charges.service';

export interface ChargesRoutesOptions {
  charges: ChargesService;
  refunds: RefundsService;
}

const openApiTags = ['charges'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/**
 * /api/v1/users/transactions/: the charges. The prefix sits inside the users domain's /api/v1/users/, whose `:id/`
 * never takes `transactions`: the router prefers a static segment to a parameter, whichever plugin registered it.
 */
export const chargesRoutes = async (fastify: FastifyInstance, options: ChargesRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { charges, refunds } = options;

  app.get(
    '/',
    {
      config: { permission: 'charges.view' },
      schema: {
        tags: openApiTags,
        description:
          "Each charge says how it was closed, closed_by: charge_point (its StopTransaction, also after a remote stop), force (an operator closed it without the charge point) or auto (the server closed it after OCPP_STALE_CHARGE_S without a meter value); null while it runs and for charges ended before the flag was kept. A running charge carries charge_point: its station's charge point as a stop sees it, state online, offline or none (never connected), silent_for (seconds since its last message) and force_finish_in (seconds until POST /stop/ with force may close it without the charge point; 0 now); null once it has ended. A running charge also carries running_cost, its cost so far (amount, discount, total_cost, meter_at): the consumption so far (the meter's last value) at the tariff and discount fixed at its start, priced by the charges engine's one price function; total_cost stays 0.00 until it ends; null once it has ended.",
        summary:
          'Charges, newest start first, paged; filters: number (search_by_id), OCPP transaction id, user, stations, statuses, source, promotions, payment method, platform, started days (period), finished days and time of day (Bishkek)',
        querystring: ZChargeListQuery,
        response: { 200: ZChargePage, ...errors },
      },
    },
    async (request) => charges.list(request.query, request.language, chargePointsOf(request.server)),
  );

  app.get(
    '/totals/',
    {
      config: { permission: 'charges.view' },
      schema: {
        tags: openApiTags,
        summary: 'Totals of the filtered charges: count, booked energy (kWh), turnover and discount',
        description:
          'Takes the filters of GET /users/transactions/ (no paging) and answers the whole filtered set: count of charges, consumption_kwh (energy booked when charges finished; a running charge adds its energy once finished), turnover (the sum of total_cost: what the charges cost after their discounts) and discount, money in som with 2 decimals. It sits beside the list it totals.',
        querystring: ZChargeTotalsQuery,
        response: { 200: ZChargeTotals, ...errors },
      },
    },
    async (request) => charges.totals(request.query),
  );

  app.post(
    '/stop/',
    {
      config: { permission: 'charges.stop' },
      schema: {
        tags: openApiTags,
        summary:
          'Stops a running charge through its charge point, or with force closes it without one: answers 200 with success true, or success false and the reason (translated)',
        description:
          "When the station's charge point is online (connected and heard within three heartbeat intervals), RemoteStopTransaction is sent: success true once it accepts (false when it rejects or times out), and the charge finishes when its StopTransaction arrives. Otherwise it is a force finish, closing the charge without the charge point: only with force true (else success false, charge_force_required), and only once the charge point has been silent for OCPP_FORCE_FINISH_AFTER_S seconds (600 by default; else success false, charge_point_silent_too_short with the minutes left); a station that never had a charge point connected may be force-finished at once. A force finish books the charge at its last meter reading with the status stopped and closed_by force (booked, debited and audited as force_finish in one transaction). A missing charge, one that is no longer running, or (with user_id) another user's charge answers success false and changes nothing; of two concurrent stops one succeeds.",
        body: ZStopChargeBody,
        response: { 200: ZStopChargeResult, ...errors },
      },
    },
    async (request) => {
      const outcome = await charges.stop(request.body, currentAccount(request), chargePointsOf(request.server));
      return outcome.success
        ? { success: true }
        : { success: false, detail: translateMessage(outcome.reason, request.language) };
    },
  );

  app.get(
    '/:id/refunds/',
    {
      config: { permission: 'charges.view' },
      schema: {
        tags: openApiTags,
        summary: "A charge's refunds to the balance: its total_cost, refunded so far, left to refund, and the entries",
        description:
          "left is what the charge's payment debited from the balance (its charge_payment entries, not total_cost: a " +
          'shortfall was never paid) less its refunds so far; 0.00 for a charge paid in cash or by another card, which ' +
          'debited nothing, and for one still running. entries: its refund entries, oldest first.',
        params: ZIdParam,
        response: { 200: ZChargeRefunds, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => refunds.refunds(request.params.id),
  );

  app.post(
    '/:id/refund/',
    {
      config: { permission: 'charges.refund' },
      schema: {
        tags: openApiTags,
        summary: "Refunds a charge's cost, whole or part, to its driver's balance: a ledger entry (basis refund)",
        description:
          "amount in som, above 0, at most 2 decimals; reason required (the entry's comment, the audit log keeps it " +
          'whole). Only a charge that ended (finished or stopped) and debited the balance: else 409 ' +
          '`charge_not_refundable`. A charge paid in cash or by another card debited nothing and is not refunded here. ' +
          "At most what is left (GET /refunds/): what the charge's payment debited less its refunds so far; beyond it, " +
          "400 on amount `refund_more_than_left` with what is left. One transaction under the charge's row lock: of " +
          'concurrent refunds, never more than is left passes. Answers 201 with the entry, the balance right after it ' +
          'and a translated detail. Send an `Idempotency-Key` header to make retries safe.',
        params: ZIdParam,
        headers: idempotencyHeaders('charge, amount, reason'),
        body: ZChargeRefundBody,
        response: {
          201: ZLedgerResult,
          ...errors,
          400: z.union([ZValidationErrorBody, ZErrorBody]),
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (idempotencyKey === null) {
        return sendDetail(reply, request, 400, 'idempotency_key_invalid');
      }
      const result = await refunds.refund(request.params.id, request.body, {
        actor: currentAccount(request),
        idempotencyKey,
      });
      return reply.code(201).send({ ...result, detail: translateMessage(result.detail, request.language) });
    },
  );

  exportRoute(fastify, {
    path: '/export/',
    permission: 'charges.export',
    tags: openApiTags,
    summary: "The charges the list's filters select, newest start first, as a file.",
    querystring: ZChargeExportQuery,
    entity: 'charges',
    sheet: { ru: 'Зарядки', en: 'Charges', ky: 'Кубаттоолор' },
    rows: (filters, language) => ({
      query: chargeExportQuery(fastify.database.db, filters),
      columns: chargeExportColumns(language),
    }),
  });
};
