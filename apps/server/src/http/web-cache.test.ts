import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from './errors';
import { i18n } from './i18n';
import { readPrerendered } from './prerendered';
import { web } from './web';

// Issue 10 item 7: a repeat visit downloads only the index. Hashed assets are cached for good, the index revalidated.
// The build folder is deliberately not named `dist`: WEB_DIST_DIR may point anywhere.
const webDist = mkdtempSync(join(tmpdir(), 'zaryad-build-'));
const INDEX = `<!doctype html><div id="root"></div>${' '.repeat(2048)}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'assets', 'app-3f9c1a.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'assets', 'app-3f9c1a.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(webDist, 'assets', 'app-3f9c1a.js.br'), brotliCompressSync('console.log(1)'));
  app = Fastify({ logger: false });
  await app.register(i18n);
  await app.register(errors);
  await app.register(web, { webDistDir: webDist, prerendered: readPrerendered(webDist) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding = 'identity') =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('web app caching', () => {
  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/app-3f9c1a.js', encoding);
      expect(asset.statusCode, encoding).toBe(200);
      expect(asset.headers['cache-control'], encoding).toBe(IMMUTABLE);
      expect(asset.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
    }
  });

  it('makes the browser revalidate index.html, at / and on every client-side route', async () => {
    for (const url of ['/', '/index.html', '/merchants/5', '/change-password?token=abc']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const page = await get(url, encoding);
        expect(page.statusCode, `${url} ${encoding}`).toBe(200);
        expect(page.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
    expect((await get('/', 'identity')).body).toBe(INDEX);
  });

  it('never caches a missing asset as immutable, nor files outside assets/ for good', async () => {
    const missing = await get('/assets/app-000000.js');
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});
