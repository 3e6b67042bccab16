import {
  IDEMPOTENCY_KEY_PATTERN,
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
import { currentAccount } from '../../http/auth';
import { sendDetail } from '../../http/errors';
import { bulkStatusRoute } from '../../platform/route-schemas';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
}

const openApiTags = ['users'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const withNotFound = { ...errors, 404: ZErrorBody };

/**
 * Documents the header; its rule is checked in the handler, which answers `{"detail": ...}` as the header is no field
 * of the body. Loose, so that the request keeps every other header (Accept-Language among them).
 */
const ZTopUpHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({
      description:
        'Optional, 1 to 255 visible ASCII characters (a UUID is usual). A retry with the same key and the same request ' +
        '(user, amount, method, comment) answers the first result again and adds nothing; the same key with another ' +
        'request answers 409 `idempotency_key_reused`; a malformed key answers 400 `idempotency_key_invalid`.',
    }),
});

/** The valid key, none, or `null` when the header is there but malformed. */
const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined | null => {
  if (header === undefined) {
    return undefined;
  }
  return typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header) ? header : null;
};

/**
 * /api/v1/users/: the app's drivers, their balances and the statement. Static paths (statuses/, payments/) are
 * matched before `:id/` by the router, whatever the registration order.
 */
export const usersRoutes = async (fastify: FastifyInstance, options: UsersRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = options;

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
        headers: ZTopUpHeaders,
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
};
