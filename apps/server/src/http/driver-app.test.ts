import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

// The drivers' web app under /app/ (issue 40): its own build beside the dashboard's, its client routes answered with
// its page, its hashed assets kept for good.

let ctx: TestContext;
let withBuild: FastifyInstance;
const webDist = mkdtempSync(join(tmpdir(), 'zaryad-web-dist-'));
const driverDist = mkdtempSync(join(tmpdir(), 'zaryad-driver-dist-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>dashboard</title>');
  mkdirSync(join(driverDist, 'assets'));
  writeFileSync(join(driverDist, 'index.html'), '<!doctype html><title>drivers</title>');
  writeFileSync(join(driverDist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(driverDist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(driverDist, 'manifest.webmanifest'), '{"name":"Заряд","start_url":"/app/","scope":"/app/"}');
  writeFileSync(join(driverDist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  writeFileSync(
    join(driverDist, 'registerSW.js'),
    'navigator.serviceWorker.register("/app/sw.js", { scope: "/app/" });',
  );
  writeFileSync(join(driverDist, 'assets', 'index-abc123.js'), 'console.log("driver")'.repeat(100));
  writeFileSync(
    join(driverDist, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log("driver")'.repeat(100)),
  );
  ctx = await createTestContext();
  withBuild = await ctx.buildAnotherApp({ config: { webDistDir: webDist, driverDistDir: driverDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(driverDist, { recursive: true, force: true });
});

describe('the drivers’ app', () => {
  it('answers its page for /app, /app/ and every client route under it, revalidated on each visit', async () => {
    for (const url of ['/app', '/app/', '/app/stations', '/app/c/42', '/app/stations/7?from=qr']) {
      const response = await withBuild.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>drivers</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // The dashboard keeps its own page, and the API its 404s.
    expect((await withBuild.inject({ method: 'GET', url: '/stations' })).body).toContain('<title>dashboard</title>');
    expect((await withBuild.inject({ method: 'GET', url: '/api/app/v1/nothing' })).statusCode).toBe(404);
  });

  it('sends its hashed assets compressed and for good, its other files revalidated', async () => {
    const asset = await withBuild.inject({
      method: 'GET',
      url: '/app/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await withBuild.inject({ method: 'GET', url: '/app/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the web manifest and the service worker with their types, the worker revalidated on each visit', async () => {
    const manifest = await withBuild.inject({ method: 'GET', url: '/app/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ start_url: '/app/', scope: '/app/' });
    // A browser checks the worker for updates at each visit; a cached one would keep a driver on the old build.
    for (const url of ['/app/sw.js', '/app/registerSW.js']) {
      const script = await withBuild.inject({ method: 'GET', url });
      expect(script.statusCode, url).toBe(200);
      expect(script.headers['content-type'], url).toMatch(/^(text|application)\/javascript/);
      expect(script.headers['cache-control'], url).toBe('no-cache');
      // Its scope is where it lives (/app/): no header widens it to the dashboard or the API.
      expect(script.headers['service-worker-allowed'], url).toBeUndefined();
    }
    const icon = await withBuild.inject({ method: 'GET', url: '/app/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    // The page's CSP lets it register its worker and read its manifest, from this origin only.
    const page = await withBuild.inject({ method: 'GET', url: '/app/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // A worker at the site's root would take the dashboard: there is none.
    expect((await withBuild.inject({ method: 'GET', url: '/sw.js' })).headers['content-type']).not.toMatch(
      /javascript/,
    );
  });

  it('serves its page and files when the dashboard is not built (a server for the drivers only)', async () => {
    const driversOnly = await ctx.buildAnotherApp({
      config: { webDistDir: join(webDist, 'none'), driverDistDir: driverDist },
    });
    for (const url of ['/app/', '/app/stations/7', '/app/manifest.webmanifest']) {
      expect((await driversOnly.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await driversOnly.inject({ method: 'GET', url: '/app/' })).body).toContain('<title>drivers</title>');
  });

  it('says it is not built yet when there is no build', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/app/stations' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('not built yet');
  });
});
