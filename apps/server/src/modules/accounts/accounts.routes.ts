import {
  translateMessage,
  ZAccount,
  ZAccountCreateBody,
  ZAccountListQuery,
  ZAccountPage,
  ZAccountUpdateBody,
  ZDetailMessage,
  ZErrorBody,
  ZIdParam,
  ZLoginBody,
  ZPasswordResetConfirmBody,
  ZPasswordResetRequestBody,
  ZRefreshBody,
  ZSessionIdParam,
  ZSessionList,
  ZMe,
  ZTokenPair,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAccount } from '../../http/auth';
import { bulkStatusRoute } from '../../platform/route-schemas';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';
import { rolesRoutes } from './roles.routes';
import type { RolesService } from './roles.service';
import type { SessionsService } from './sessions.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  roles: RolesService;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
}

const tags = ['accounts'];
const publicRoute = { permission: 'public' } as const;
/** Public routes carry no security requirement in the OpenAPI document. */
const noAuth: Array<Record<string, string[]>> = [];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/accounts/: sessions, password recovery and the dashboard accounts themselves. */
export const accountsRoutes = async (fastify: FastifyInstance, options: AccountsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts, roles, sessions, passwordReset } = options;

  app.post(
    '/login/',
    {
      config: publicRoute,
      schema: {
        tags,
        security: noAuth,
        summary:
          'Sign in: answers an access and a refresh token. Wrong passwords slow the client that sends them, then answer 429 (per client, and per email and client: LOGIN_LIMIT_*)',
        body: ZLoginBody,
        response: { 200: ZTokenPair, ...errors, 403: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) =>
      sessions.login({ ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );

  app.post(
    '/refresh/',
    {
      config: publicRoute,
      schema: {
        tags,
        security: noAuth,
        summary: 'Exchanges a refresh token for a new pair; the old refresh token stops working',
        body: ZRefreshBody,
        response: { 200: ZTokenPair, ...errors, 403: ZErrorBody },
      },
    },
    async (request) => sessions.refresh(request.body.refresh, request.ip),
  );

  app.post(
    '/logout/',
    {
      config: publicRoute,
      schema: {
        tags,
        security: noAuth,
        summary: 'Ends the sign-in of the refresh token: its refresh and access tokens stop working at once',
        body: ZRefreshBody,
        response: { 204: z.null(), 400: ZValidationErrorBody },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refresh, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password-reset/',
    {
      config: publicRoute,
      schema: {
        tags,
        security: noAuth,
        summary:
          'Mails a password recovery link; answers the same, in the same time, whether or not the account exists. At most RESET_LIMIT_PER_ADDRESS requests per address and RESET_LIMIT_PER_CLIENT per client an hour (429 with Retry-After); a new link replaces the earlier one',
        body: ZPasswordResetRequestBody,
        response: { 200: ZDetailMessage, 400: ZValidationErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      await passwordReset.request(request.body.email, request.language, request.ip);
      return { detail: translateMessage('reset_requested', request.language) };
    },
  );

  app.post(
    '/password-reset/confirm/',
    {
      config: publicRoute,
      schema: {
        tags,
        security: noAuth,
        summary: 'Sets a new password with the token of the recovery link',
        body: ZPasswordResetConfirmBody,
        response: { 200: ZDetailMessage, 400: ZValidationErrorBody },
      },
    },
    async (request) => {
      await passwordReset.confirm(request.body.token, request.body.password, request.ip);
      return { detail: translateMessage('password_changed', request.language) };
    },
  );

  app.get(
    '/me/',
    {
      config: { permission: 'signed_in' },
      schema: { tags, summary: 'The signed-in account and its permissions', response: { 200: ZMe, 401: ZErrorBody } },
    },
    async (request) => accounts.me(currentAccount(request), request.language),
  );

  app.get(
    '/sessions/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: "The signed-in account's open sign-ins (device, address, last use), the last used first",
        response: { 200: ZSessionList, 401: ZErrorBody },
      },
    },
    async (request) => sessions.list(currentAccount(request)),
  );

  app.delete(
    '/sessions/:id/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary:
          "Ends one of the signed-in account's sign-ins: its access and refresh tokens stop working at once (the current one too)",
        params: ZSessionIdParam,
        response: { 204: z.null(), 400: ZValidationErrorBody, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await sessions.end(currentAccount(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  rolesRoutes(app, roles);

  app.get(
    '/',
    {
      config: { permission: 'accounts.view' },
      schema: {
        tags,
        summary: 'Accounts, newest first; search over names, email and phone; active=true|false',
        querystring: ZAccountListQuery,
        response: { 200: ZAccountPage, ...errors },
      },
    },
    async (request) => accounts.list(request.query, request.language),
  );

  app.post(
    '/',
    {
      config: { permission: 'accounts.create' },
      schema: {
        tags,
        summary: 'Creates an account',
        body: ZAccountCreateBody,
        response: { 201: ZAccount, ...errors },
      },
    },
    async (request, reply) => {
      const created = await accounts.create(request.body, currentAccount(request), request.language);
      return reply.code(201).send(created);
    },
  );

  bulkStatusRoute(fastify, {
    permission: 'accounts.status',
    tags,
    summary:
      'Activates or blocks accounts; answers the updated accounts. Nobody blocks themselves, nor the last active superadmin, nor an account whose role holds more than theirs.',
    record: ZAccount,
    query: ZAccountListQuery,
    byIds: (body, actor, language) => accounts.setStatuses(body, actor, language),
    byFilter: (body, actor) => accounts.setStatusesWhere(body, actor),
  });

  app.get(
    '/:id/',
    {
      config: { permission: 'accounts.view' },
      schema: {
        tags,
        summary: 'One account',
        params: ZIdParam,
        response: { 200: ZAccount, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => accounts.get(request.params.id, request.language),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'accounts.edit' },
      schema: {
        tags,
        summary:
          'Changes an account; only the fields sent change, a password sets a new one. Nobody changes their own role, gives a role holding more than theirs, changes an account whose role does, or demotes the last active superadmin',
        params: ZIdParam,
        body: ZAccountUpdateBody,
        response: { 200: ZAccount, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => accounts.update(request.params.id, request.body, currentAccount(request), request.language),
  );
};
