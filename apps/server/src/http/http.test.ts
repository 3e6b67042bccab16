import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildAccount, signIn } from '../test/builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { parseAcceptLanguage } from './i18n';

let ctx: TestContext;
let webApp: FastifyInstance;
let headers: { authorization: string };
const webDist = mkdtempSync(join(tmpdir(), 'zaryad-web-dist-'));

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  // What the web build's precompress step writes beside each asset.
  writeFileSync(join(webDist, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(webDist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  ctx = await createTestContext();
  webApp = await ctx.buildAnotherApp({ config: { webDistDir: webDist } });
  writeFileSync(join(ctx.config.dataDir, 'uploads', 'photo.png'), 'not really a png');
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('languages', () => {
  it('reads Accept-Language with q-values, ru by default', () => {
    expect(parseAcceptLanguage(undefined)).toBe('ru');
    expect(parseAcceptLanguage('fr-FR, de')).toBe('ru');
    expect(parseAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(parseAcceptLanguage('ru;q=0.5, ky;q=0.8')).toBe('ky');
    expect(parseAcceptLanguage('kg')).toBe('ky');
    expect(parseAcceptLanguage(';;;q=abc,,,')).toBe('ru');
  });

  it('translates error bodies in ru, en and ky', async () => {
    const texts = await Promise.all(
      ['ru', 'en', 'ky', 'de'].map(async (language) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/accounts/me/',
          headers: { 'accept-language': language },
        });
        return response.json().detail as string;
      }),
    );
    expect(texts).toEqual([
      'Учётные данные не предоставлены.',
      'Authentication credentials were not provided.',
      'Аутентификация маалыматтары берилген жок.',
      'Учётные данные не предоставлены.',
    ]);
  });
});

describe('error bodies', () => {
  const post = (payload: string, contentType = 'application/json', language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload,
      headers: { 'content-type': contentType, 'accept-language': language },
    });

  it('answers malformed JSON with 400', async () => {
    const response = await post('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['The request body is not valid JSON.'] });
  });

  it('answers a body of the wrong shape with 400 non_field_errors', async () => {
    const response = await post('[1,2,3]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('non_field_errors');
  });

  it('answers a body over 1 MB with 413 and a wrong content type with 415', async () => {
    const big = await post(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request body is too large.' });
    const text = await post('email=a', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'Unsupported media type.' });
    expect((await post('<a/>', 'application/xml', 'ru')).json()).toEqual({
      detail: 'Неподдерживаемый тип содержимого.',
    });
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing/here/',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No such API path: /api/v1/nothing/here/' });
    const noSlash = await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers });
    expect(noSlash.statusCode).toBe(404);
    const method = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/accounts/me/', headers });
    expect(method.statusCode).toBe(404);
    expect(method.headers['content-type']).toContain('application/json');
  });

  it('refuses NUL characters instead of failing in the database', async () => {
    const response = await post(JSON.stringify({ email: 'a\u0000@b.kg', password: 'x' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Invalid value.'] });
  });
});

describe('garbage never answers 500', () => {
  const bodies = [
    '',
    'null',
    'true',
    '"string"',
    '1e400',
    '[]',
    '{"email": {"$gt": ""}, "password": ["a"]}',
    '{"email": "a@b.kg", "password": "x", "remember": "yes"}',
    `{"email": "${'я'.repeat(5000)}@b.kg", "password": "пароль"}`,
    '{"ids": [1e308, -1, 2147483648], "active": null}',
    '{"ids": [1, "1", null, {}], "active": true}',
    '{"role": 1e400, "email": "\\ud800", "birthday": "2020-02-30", "phone": 123}',
    '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}',
    '{"token": "x", "password": "\\u0000\\u0000\\u0000\\u0000\\u0000", "password_confirm": 5}',
    '{"refresh": "' + 'a'.repeat(600) + '"}',
    '{"a":'.repeat(5000),
  ];
  const urls = [
    ['POST', '/api/v1/accounts/login/'],
    ['POST', '/api/v1/accounts/refresh/'],
    ['POST', '/api/v1/accounts/logout/'],
    ['POST', '/api/v1/accounts/password-reset/'],
    ['POST', '/api/v1/accounts/password-reset/confirm/'],
    ['POST', '/api/v1/accounts/'],
    ['PATCH', '/api/v1/accounts/statuses/'],
    ['PATCH', '/api/v1/accounts/1/'],
  ] as const;

  it('for bodies', async () => {
    for (const [method, url] of urls) {
      for (const payload of bodies) {
        const response = await ctx.app.inject({
          method,
          url,
          payload,
          headers: { ...headers, 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${method} ${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
        expect(response.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
      }
    }
  });

  it('for paths and query strings', async () => {
    const paths = [
      '/api/v1/accounts/?page=-1&size=1e999&search=%00',
      '/api/v1/accounts/?page=99999999999999999999',
      '/api/v1/accounts/?search=' + 'x'.repeat(5000),
      '/api/v1/accounts/?search[]=1&active[]=true',
      '/api/v1/accounts/?search=%E0%A4%A',
      '/api/v1/accounts/99999999999999999999/',
      '/api/v1/accounts/-1/',
      '/api/v1/accounts/%00/',
      '/api/v1/accounts/%E0%A4%A/',
      '/api/v1/accounts/1.5/',
      '/api/v1/../../etc/passwd',
      '/media/../../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%00',
      '/media/',
      '/%00',
      '/' + 'ы'.repeat(3000),
    ];
    for (const url of paths) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('root:');
    }
  });
});

describe('web app and media', () => {
  it('serves index.html for any non-API path, and files from the build', async () => {
    for (const url of ['/', '/accounts/edit/5', '/change-password?token=abc']) {
      const response = await webApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await webApp.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    expect((await webApp.inject({ method: 'GET', url: '/api/v1/unknown/' })).statusCode).toBe(404);
  });

  it('sends the precompressed brotli or gzip file the browser accepts', async () => {
    const get = (encoding: string) =>
      webApp.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('explains how to build when the web app is missing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/merchants' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });

  it('serves uploads under /media/ with nosniff, without listing', async () => {
    const file = await ctx.app.inject({ method: 'GET', url: '/media/photo.png' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await ctx.app.inject({ method: 'GET', url: '/media/' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/missing.png' })).statusCode).toBe(404);
  });
});

describe('health and documentation', () => {
  it('is alive at /healthz whatever the database; ready at /readyz while the database answers, 503 when it is gone', async () => {
    const up = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', database: 'up' });
    const database = await createTestDatabase();
    const app = await buildApp({ config: ctx.config, database, logger: false });
    await database.close();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    const alive = await app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('serves Prometheus metrics at /metrics to a bearer of METRICS_TOKEN only, and is off without one', async () => {
    const token = 'metrics-token-of-the-test';
    const app = await ctx.buildAnotherApp({ config: { metricsToken: token } });
    {
      await app.inject({ method: 'GET', url: '/api/v1/accounts/me/' });
      await app.inject({ method: 'GET', url: '/api/v1/no/such/call/' });
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ detail: expect.any(String) });
      const scraped = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.headers['content-type']).toContain('text/plain');
      const text = scraped.body;
      // The request above by its route's pattern and status; an unknown URL by `unmatched`, never its path.
      expect(text).toMatch(
        /zaryad_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/accounts\/me\/",status="401"\} 1/,
      );
      expect(text).toMatch(
        /zaryad_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1/,
      );
      expect(text).not.toContain('/no/such/call/');
      // Node's own figures, and the event loop's lag among them.
      expect(text).toContain('zaryad_process_resident_memory_bytes');
      expect(text).toContain('zaryad_nodejs_eventloop_lag_seconds');
      // The scheduled jobs' first ticks (run once the app is ready), each with its outcome (not_due: the test's other app
      // on the same database ran it this period).
      await expect
        .poll(
          async () =>
            (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body,
        )
        .toMatch(/zaryad_job_duration_seconds_count\{job="[^"]+",outcome="(ran|skipped|not_due)"\} 1/);
    }
    const off = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all' },
    });
    expect(off.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document with the bearer scheme, and Swagger UI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/accounts/login/'].post.security).toEqual([]);
    expect(document.paths['/api/v1/accounts/{id}/'].patch).toBeDefined();
    expect(document.paths['/api/v1/accounts/'].get.responses['200']).toBeDefined();
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
