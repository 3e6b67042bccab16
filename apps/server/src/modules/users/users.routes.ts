import {
  translateMessage,
  ZBalanceEntryPage,
  ZErrorBody,
  ZIdParam,
  ZPaymentListQuery,
  ZPaymentTotals,
  ZPaymentTotalsQuery,
  ZTopUpBody,
  ZTopUpResult,
  ZUser,
  ZUserListQuery,
  ZUserPage,
  ZUserRow,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAppDeviceList } from '@zaryad/contracts/app';
import { ZCorrectionBody, ZLedgerResult } from '@zaryad/contracts/payments';
import { currentAccount } from '../../http/auth';
import { sendDetail } from '../../http/errors';
import { idempotencyHeaders, idempotencyKeyOf } from '../../platform/idempotency-key';
import { bulkStatusRoute } from '../../platform/route-schemas';
import type { CorrectionsService } from './users.corrections';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
  corrections: CorrectionsService;
}

const openApiTags = ['users'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const withNotFound = { ...errors, 404: ZErrorBody };

/**
 * /api/v1/users/: the app's drivers, their balances and the statement. Static paths (statuses/, payments/) are
 * matched before `:id/` by the router, whatever the registration order.
 */
export const usersRoutes = async (fastify: FastifyInstance, options: UsersRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, corrections } = options;

  app.get(
    '/',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: openApiTags,
        summary:
          'App users, newest registrations first; search over name, phone (with or without the mask), email and ' +
          'personal account; registration dates and times of day in Asia/Bishkek; balance from/to in som',
        querystring: ZUserListQuery,
        response: { 200: ZUserPage, ...errors },
      },
    },
    async (request) => users.list(request.query),
  );

  bulkStatusRoute(fastify, {
    permission: 'users.status',
    tags: openApiTags,
    summary: 'Blocks (active: false) or unblocks app users; answers the updated rows.',
    record: ZUserRow,
    query: ZUserListQuery,
    byIds: (body, actor) => users.setStatuses(body, actor),
    byFilter: (body, actor) => users.setStatusesWhere(body, actor),
  });

  app.get(
    '/payments/',
    {
      config: { permission: 'balances.view' },
      schema: {
        tags: openApiTags,
        summary:
          'The balance statement, newest first: every user, or one (search_by_user_id); period days in Asia/Bishkek, ' +
          'basis and method',
        querystring: ZPaymentListQuery,
        response: { 200: ZBalanceEntryPage, ...errors },
      },
    },
    async (request) => users.listPayments(request.query),
  );

  app.get(
    '/payments/totals/',
    {
      config: { permission: 'balances.view' },
      schema: {
        tags: openApiTags,
        summary: 'Totals of the filtered statement: entry count, debit and credit (the /extract-balance totals line)',
        description:
          'Takes the statement filters of GET /users/payments/ without paging and sums every matching entry, not one ' +
          'page. It sits beside the statement it totals.',
        querystring: ZPaymentTotalsQuery,
        response: { 200: ZPaymentTotals, ...errors },
      },
    },
    async (request) => users.paymentTotals(request.query),
  );

  app.get(
    '/:id/',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: openApiTags,
        summary: 'An app user with their id tags (RFID cards and app tokens)',
        params: ZIdParam,
        response: { 200: ZUser, ...withNotFound },
      },
    },
    async (request) => users.get(request.params.id),
  );

  app.get(
    '/:id/devices/',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: openApiTags,
        summary:
          "An app user's devices: their sign-ins in the drivers' app (platform, app version, last seen, ended), most recently seen first",
        params: ZIdParam,
        response: { 200: ZAppDeviceList, ...withNotFound },
      },
    },
    async (request) => ({ items: await users.devices(request.params.id) }),
  );

  app.patch(
    '/:id/balance/',
    {
      config: { permission: 'balances.top_up' },
      schema: {
        tags: openApiTags,
        summary: 'Tops up a balance: a ledger entry (basis top_up) made by the signed-in account',
        description:
          'amount in som, above 0, at most 2 decimals and 1,000,000 som; method cash or other_card; an optional ' +
          'comment. A blocked user is topped up too (money is never refused) and the entry says user_blocked. ' +
          'Answers the entry and the balance right after it. Send an `Idempotency-Key` header to make retries safe.',
        params: ZIdParam,
        headers: idempotencyHeaders('user, amount, method, comment'),
        body: ZTopUpBody,
        // A malformed key is answered `{"detail": ...}`: it is no field of the body.
        response: {
          200: ZTopUpResult,
          ...withNotFound,
          400: z.union([ZValidationErrorBody, ZErrorBody]),
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (idempotencyKey === null) {
        return sendDetail(reply, request, 400, 'idempotency_key_invalid');
      }
      return users.topUp(request.params.id, request.body, { actor: currentAccount(request), idempotencyKey });
    },
  );

  app.post(
    '/:id/corrections/',
    {
      config: { permission: 'balances.correct' },
      schema: {
        tags: openApiTags,
        summary: 'Corrects a balance: a ledger entry (basis correction) with its reason, made by the signed-in account',
        description:
          'direction credit adds the amount, debit takes it; amount in som, above 0, at most 2 decimals and 1,000,000 ' +
          "som; reason required (the entry's comment, the audit log keeps it whole). A debit never takes more than the " +
          "available balance (the balance less what running charges hold), read under the driver's row lock in the " +
          'transaction that books it: beyond it, 400 on amount `correction_more_than_available` with the available ' +
          'balance. Answers 201 with the entry, the balance right after it and a translated detail. No entry is ever ' +
          'edited: a wrong correction is corrected by another one. Send an `Idempotency-Key` header to make retries safe.',
        params: ZIdParam,
        headers: idempotencyHeaders('user, direction, amount, reason'),
        body: ZCorrectionBody,
        response: {
          201: ZLedgerResult,
          ...withNotFound,
          400: z.union([ZValidationErrorBody, ZErrorBody]),
          403: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      if (idempotencyKey === null) {
        return sendDetail(reply, request, 400, 'idempotency_key_invalid');
      }
      const result = await corrections.correct(request.params.id, request.body, {
        actor: currentAccount(request),
        idempotencyKey,
      });
      return reply.code(201).send({ ...result, detail: translateMessage(result.detail, request.language) });
    },
  );
};
