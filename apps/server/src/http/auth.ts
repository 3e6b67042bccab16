import type { TPermission, TRoutePermission } from '@zaryad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './api-errors';

/** The signed-in account as routes see it; its permissions are read with it on every request, never from the token. */
export interface AuthAccount {
  id: number;
  email: string;
  roleKey: string;
  permissions: ReadonlySet<TPermission>;
  /** The request's address, for the audit log: an account is the `actor` (id and ip) every change is recorded with. */
  ip: string;
  /** The sign-in (`account_sessions.id`) of the request's access token. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs, declared next to its schema: a permission of the catalogue, `signed_in` or `public` (no
     * token: login, refresh, logout, password recovery, the API document, health). An API route without one is refused.
     */
    permission?: TRoutePermission;
    /** Needed besides `permission` when the query asks for a download (`format=xlsx|csv`): exports are their own right. */
    downloadPermission?: TPermission;
  }
  interface FastifyRequest {
    account: AuthAccount | null;
  }
}

export interface AuthOptions {
  /** Checks an access token and answers the account, or throws ApiError(401). */
  authenticate: (token: string) => Promise<Omit<AuthAccount, 'ip'>>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in account of a route that requires one (the auth hook guarantees it). */
export const currentAccount = (request: FastifyRequest): AuthAccount => {
  if (!request.account) {
    throw new ApiError(401, 'not_authenticated');
  }
  return request.account;
};

const asksForDownload = (request: FastifyRequest) => {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null && 'format' in query && Boolean(query.format);
};

const authPlugin = async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest('account', null);
  // onRequest runs before the body is read: an anonymous caller learns nothing about validation rules.
  app.addHook('onRequest', async (request) => {
    // The route's own path decides, not the URL: the static files' catch-all route also sees /api/... URLs.
    const routePath = request.routeOptions.url ?? '';
    const { permission, downloadPermission } = request.routeOptions.config;
    if (request.is404 || !routePath.startsWith('/api/v1/') || permission === 'public') {
      return;
    }
    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError(401, 'not_authenticated');
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      throw new ApiError(401, 'token_invalid');
    }
    const account = await options.authenticate(token);
    request.account = { ...account, ip: request.ip };
    if (permission === 'signed_in') {
      return;
    }
    // Checked before the body is read, so a forbidden call changes nothing. A route that forgot its declaration is
    // closed rather than open (and the route walk test names it).
    const needed = [permission, downloadPermission && asksForDownload(request) ? downloadPermission : undefined];
    if (!permission || needed.some((one) => one !== undefined && !account.permissions.has(one))) {
      throw new ApiError(403, 'permission_denied');
    }
  });
};

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
