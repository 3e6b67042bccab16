import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { tileSource } from './security-headers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends the CSP, no framing, nosniff and same-origin referrers on the API, its errors and the app', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/' }),
      await ctx.app.inject({ method: 'GET', url: '/' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
      });
    }
  });

  it('sends HSTS when PUBLIC_URL is https, and allows the configured tile server', async () => {
    const app = await ctx.buildAnotherApp({
      config: { publicUrl: 'https://zaryad.example', mapTileUrl: 'https://{s}.tiles.example.kg:8443/{z}/{x}/{y}.png' },
    });
    const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const csp = directives(answer.headers['content-security-policy']);
    expect(csp['img-src']).toContain('https://*.tiles.example.kg:8443');
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });

  it('keeps the stricter policy of uploaded media', async () => {
    const folder = join(ctx.config.dataDir, 'uploads', 'headers-test');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const answer = await ctx.app.inject({ method: 'GET', url: '/media/headers-test/a.png' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads the tile origin from MAP_TILE_URL', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.osm.kg/{z}/{x}/{y}.png')).toBe('https://*.tile.osm.kg');
    expect(tileSource('http://127.0.0.1:4010/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4010');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });
});
