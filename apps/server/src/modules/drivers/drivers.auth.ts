import { createHmac } from 'node:crypto';
import { APP_API_PREFIX, APP_PLATFORMS, type TAppPlatform } from '@zaryad/contracts/app';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { AppClient } from '../../platform/charge-points';
import { type AccessTokenSigner, createAccessTokenSigner } from '../accounts';
import { appSessions, appUsers } from '../users';

/** The signed-in driver as the app's routes see them. */
export interface AuthDriver {
  userId: number;
  sessionId: string;
  language: string;
  /** The app that asked (its headers), for the charges it starts. */
  client: AppClient;
}

declare module 'fastify' {
  interface FastifyRequest {
    driver: AuthDriver | null;
  }
}

/**
 * The app's access tokens are signed with a key of their own, derived from JWT_SECRET: a dashboard token is no driver
 * token and a driver token no dashboard token, whatever their claims say (docs/product/app-api.md#tokens).
 */
export const createDriverTokenSigner = (jwtSecret: string, ttlSeconds: number): AccessTokenSigner =>
  createAccessTokenSigner(
    createHmac('sha256', jwtSecret).update('zaryad drivers app access').digest('base64url'),
    ttlSeconds,
  );

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** `X-App-Platform: ios|android|web`; anything else is not said. */
export const platformOf = (request: FastifyRequest): TAppPlatform | null => {
  const header = request.headers['x-app-platform'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return (APP_PLATFORMS as readonly string[]).includes(value ?? '') ? (value as TAppPlatform) : null;
};

/** `X-App-Version: 2.4.1`: at most 20 printable characters, else not said. */
export const appVersionOf = (request: FastifyRequest): string => {
  const header = request.headers['x-app-version'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  return /^[\x21-\x7e]{1,20}$/.test(value) ? value : '';
};

const CHARGE_PLATFORM = { ios: 1, android: 2, web: null } as const;

export const appClientOf = (
  request: FastifyRequest,
  device: { platform: TAppPlatform | null; appVersion: string },
): AppClient => {
  const platform = platformOf(request) ?? device.platform;
  return {
    platform: platform ? CHARGE_PLATFORM[platform] : null,
    appVersion: appVersionOf(request) || device.appVersion,
  };
};

/** The signed-in driver of an app route (the hook guarantees one on every route but the public ones). */
export const currentDriver = (request: FastifyRequest): AuthDriver => {
  if (!request.driver) {
    throw new ApiError(401, 'not_authenticated');
  }
  return request.driver;
};

/** A sign-in's last use is written at most once a minute. */
const SEEN_EVERY_MS = 60_000;

/**
 * The app's auth hook: every route under /api/app/v1/ but those declared `public` needs a driver's access token of a
 * sign-in that has not ended, of a driver who is not blocked. Dashboard routes never see it (http/auth.ts looks only
 * under /api/v1/), and it never accepts a dashboard token (another key).
 */
export const registerDriverAuth = (app: FastifyInstance, db: Database, signer: AccessTokenSigner) => {
  app.decorateRequest('driver', null);
  app.addHook('onRequest', async (request) => {
    const routePath = request.routeOptions.url ?? '';
    if (
      request.is404 ||
      !routePath.startsWith(`${APP_API_PREFIX}/`) ||
      routePath.startsWith(`${APP_API_PREFIX}/docs`) ||
      request.routeOptions.config.permission === 'public'
    ) {
      return;
    }
    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError(401, 'not_authenticated');
    }
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await signer.verify(token) : undefined;
    if (!claims) {
      throw new ApiError(401, 'token_invalid');
    }
    const [row] = await db
      .select({
        status: appUsers.status,
        language: appUsers.language,
        lastSeenAt: appSessions.lastSeenAt,
        platform: appSessions.platform,
        appVersion: appSessions.appVersion,
      })
      .from(appSessions)
      .innerJoin(appUsers, eq(appUsers.id, appSessions.userId))
      .where(
        and(
          eq(appSessions.id, claims.sessionId),
          eq(appSessions.userId, claims.accountId),
          isNull(appSessions.endedAt),
          gt(appSessions.expiresAt, sql`now()`),
        ),
      );
    if (!row) {
      throw new ApiError(401, 'token_invalid');
    }
    if (row.status !== 0) {
      throw new ApiError(403, 'app_user_blocked');
    }
    const now = new Date();
    if (now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
      const version = appVersionOf(request);
      await db
        .update(appSessions)
        .set({ lastSeenAt: now, ...(version ? { appVersion: version } : {}) })
        .where(eq(appSessions.id, claims.sessionId));
    }
    request.driver = {
      userId: claims.accountId,
      sessionId: claims.sessionId,
      language: row.language,
      // The app's headers when it sends them, else the device as its sign-in recorded it.
      client: appClientOf(request, { platform: row.platform as TAppPlatform | null, appVersion: row.appVersion }),
    };
  });
};
