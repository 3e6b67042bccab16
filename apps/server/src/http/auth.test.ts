import { isPermission } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildAccount, signIn } from '../test/builders';
import type { DatabaseHandle } from '../db/client';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

/** Routes that must answer without a token. Anything added to this list needs a reason. */
const PUBLIC_ROUTES = new Set([
  'POST /api/v1/accounts/login/',
  'POST /api/v1/accounts/refresh/',
  'POST /api/v1/accounts/logout/',
  'POST /api/v1/accounts/password-reset/',
  'POST /api/v1/accounts/password-reset/confirm/',
  'GET /api/v1/openapi.json',
  // Charge points have no session: the signed, expiring token in the path is the permission (modules/ocpp firmware).
  'GET /api/v1/ocpp/files/firmware/:token/:fileName',
  'HEAD /api/v1/ocpp/files/firmware/:token/:fileName',
  'PUT /api/v1/ocpp/files/diagnostics/:token/',
  'PUT /api/v1/ocpp/files/diagnostics/:token/:fileName',
  'POST /api/v1/ocpp/files/diagnostics/:token/',
  'POST /api/v1/ocpp/files/diagnostics/:token/:fileName',
]);

let database: DatabaseHandle;
let app: FastifyInstance;
const routes: Array<{ method: string; url: string; permission: string | undefined }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    onRoute: (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        routes.push({ method, url: route.url, permission: route.config?.permission });
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('every API route needs a bearer token', () => {
  it('answers 401 without a token or with a forged one; only the public routes answer', async () => {
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/v1/'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(15);
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      const method = route.method as 'GET';
      const payload = method === 'GET' || route.method === 'HEAD' ? undefined : {};
      const anonymous = await app.inject({ method, url, ...(payload && { payload }) });
      if (PUBLIC_ROUTES.has(key)) {
        expect(anonymous.statusCode, key).not.toBe(401);
        continue;
      }
      expect(anonymous.statusCode, key).toBe(401);
      if (route.method !== 'HEAD') {
        expect(anonymous.json(), key).toEqual({ detail: 'Учётные данные не предоставлены.' });
      }
      const forged = await app.inject({
        method,
        url,
        headers: { authorization: 'Bearer forged.token.value' },
        ...(payload && { payload }),
      });
      expect(forged.statusCode, key).toBe(401);
    }
  });
});

describe('every route declares the permission it needs', () => {
  it('names a permission of the catalogue, signed_in or public on each API route and the health checks', () => {
    // The static files and the Swagger UI come from plugins and sit outside /api/v1/, where the auth hook never looks.
    // The health checks and the metrics are public to the auth hook: /metrics checks its own token (METRICS_TOKEN).
    const health = new Set(['/healthz', '/readyz', '/metrics']);
    const guarded = routes.filter((route) => route.url.startsWith('/api/v1/') || health.has(route.url));
    expect(guarded.length).toBeGreaterThanOrEqual(50);
    const undeclared = guarded
      .filter(
        ({ permission }) =>
          !(permission === 'public' || permission === 'signed_in' || (permission && isPermission(permission))),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    // Exactly the token-free routes are public.
    const publicRoutes = guarded
      .filter((route) => route.permission === 'public' && !health.has(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
  });
});

/**
 * Routes of the drivers' API that answer without a driver's token: the sign-in itself and its documents, and the
 * payment provider's result callback (verified by its signature) and the page the provider returns a driver to.
 */
const APP_PUBLIC_ROUTES = new Set([
  'POST /api/app/v1/auth/code/',
  'POST /api/app/v1/auth/verify/',
  'POST /api/app/v1/auth/refresh/',
  'GET /api/app/v1/openapi.json',
  'POST /api/app/v1/payments/freedompay/result',
  'GET /api/app/v1/payments/freedompay/result',
  'GET /api/app/v1/payments/return/',
]);

describe('every route of the drivers’ API needs a driver’s token (issue 38)', () => {
  it('answers 401 without one, with a forged one and with a dashboard account’s; only the sign-in and the provider’s are public', async () => {
    const account = await signIn(app, await buildAccount(database.db, { roleKey: 'superadmin' }));
    const appRoutes = routes.filter((route) => route.url.startsWith('/api/app/v1/') && !route.url.includes('/docs'));
    expect(appRoutes.length).toBeGreaterThanOrEqual(15);
    const declaredPublic = appRoutes
      .filter((route) => route.permission === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(declaredPublic)).toEqual(APP_PUBLIC_ROUTES);
    for (const route of appRoutes) {
      const key = `${route.method} ${route.url}`;
      if (APP_PUBLIC_ROUTES.has(key)) {
        continue;
      }
      expect(route.permission, key).toBe('signed_in');
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      const method = route.method as 'GET';
      const payload = method === 'GET' || route.method === 'HEAD' ? undefined : {};
      for (const authorization of [undefined, 'Bearer forged.token.value', account.headers.authorization]) {
        const response = await app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(payload && { payload }),
        });
        expect(response.statusCode, `${key} with ${authorization ? 'a token' : 'none'}`).toBe(401);
      }
    }
  });
});
