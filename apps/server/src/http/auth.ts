import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './api-errors';

/** The signed-in account as routes see it. */
export interface AuthAccount {
  id: number;
  email: string;
  roleKey: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token (login, refresh, logout, password recovery, the API document). */
    isPublic?: boolean;
  }
  interface FastifyRequest {
    account: AuthAccount | null;
  }
}

export interface AuthOptions {
  /** Checks an access token and answers the account, or throws ApiError(401). */
  authenticate: (token: string) => Promise<AuthAccount>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in account of a route that requires one (the auth hook guarantees it). */
export const currentAccount = (request: FastifyRequest): AuthAccount => {
  if (!request.account) {
    throw new ApiError(401, 'not_authenticated');
  }
  return request.account;
};

const authPlugin = async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest('account', null);
  // onRequest runs before the body is read: an anonymous caller learns nothing about validation rules.
  app.addHook('onRequest', async (request) => {
    // The route's own path decides, not the URL: the static files' catch-all route also sees /api/... URLs.
    const routePath = request.routeOptions.url ?? '';
    if (request.is404 || !routePath.startsWith('/api/v1/') || request.routeOptions.config.isPublic) {
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
    request.account = await options.authenticate(token);
  });
};

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
