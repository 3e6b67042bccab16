import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { errors } from './errors';
import { i18n } from './i18n';
import { inlineScriptHashes, matchesPattern, readPrerendered } from './prerendered';
import { contentSecurityPolicy } from './security-headers';
import { web } from './web';

// Issue 18, speed on a phone: a signed-in screen's page carries the screen's first frame (apps/web/build/prerender.ts).
const HASH = "'sha256-n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg='";
const page = (name: string) => `<!doctype html><div id="root"></div><template>${name}</template>${' '.repeat(2048)}`;

const makeBuild = (manifest: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'zaryad-prerender-'));
  mkdirSync(join(dir, 'prerender'));
  writeFileSync(join(dir, 'index.html'), page('index'));
  for (const name of ['merchants', 'merchant', 'dashboard']) {
    writeFileSync(join(dir, 'prerender', `${name}.html`), page(name));
    writeFileSync(join(dir, 'prerender', `${name}.html.br`), brotliCompressSync(page(name)));
  }
  writeFileSync(join(dir, 'prerender', 'manifest.json'), JSON.stringify(manifest));
  return dir;
};

const MANIFEST = {
  scriptHashes: [HASH],
  pages: [
    { pattern: '/', file: 'dashboard.html' },
    { pattern: '/merchants', file: 'merchants.html' },
    { pattern: '/merchant/:id', file: 'merchant.html' },
  ],
};

describe('the route a prerendered page answers', () => {
  it('matches each segment, a parameter standing for any one', () => {
    expect(matchesPattern('/merchant/:id', '/merchant/12')).toBe(true);
    expect(matchesPattern('/merchant/:id', '/merchant/12/')).toBe(true);
    expect(matchesPattern('/merchant/:id', '/merchant')).toBe(false);
    expect(matchesPattern('/merchant/:id', '/merchant/12/stations')).toBe(false);
    expect(matchesPattern('/merchants', '/merchants')).toBe(true);
    expect(matchesPattern('/merchants', '/merchantsx')).toBe(false);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/merchants')).toBe(false);
  });

  it("allows index.html's inline scripts by their hash, and nothing else inline", () => {
    const html =
      '<head><script>window.zaryadBoot = 1;</script><script type="module" src="/assets/a.js"></script></head>';
    expect(inlineScriptHashes(html)).toEqual(["'sha256-K1kONLjZAAb7oOmPpcxFpMLarR/Jgpd32tqE8TgyCek='"]);
    const dir = mkdtempSync(join(tmpdir(), 'zaryad-prerender-'));
    try {
      writeFileSync(join(dir, 'index.html'), html);
      expect(readPrerendered(dir).scriptHashes).toEqual(["'sha256-K1kONLjZAAb7oOmPpcxFpMLarR/Jgpd32tqE8TgyCek='"]);
      expect(readPrerendered(dir).pageFor('/merchants')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves nothing special without a manifest, and refuses a manifest that is not one', () => {
    const empty = mkdtempSync(join(tmpdir(), 'zaryad-prerender-'));
    const broken = makeBuild({ scriptHashes: ["'unsafe-inline'"], pages: [] });
    const escaping = makeBuild({ scriptHashes: [], pages: [{ pattern: '/x', file: '../../etc/passwd' }] });
    try {
      expect(readPrerendered(empty)).toMatchObject({ scriptHashes: [] });
      expect(readPrerendered(empty).pageFor('/merchants')).toBeUndefined();
      expect(() => readPrerendered(broken)).toThrow(/not a prerender manifest/);
      expect(() => readPrerendered(escaping)).toThrow(/not a prerender manifest/);
    } finally {
      for (const dir of [empty, broken, escaping]) {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("allows the pages' inline script by its hash, and no other inline script", () => {
    const config = { mapTileUrl: '/tiles/{z}/{x}/{y}.png', publicUrl: 'http://localhost' };
    expect(contentSecurityPolicy(config, [HASH])['script-src']).toEqual(["'self'", HASH]);
    expect(contentSecurityPolicy(config)['script-src']).toEqual(["'self'"]);
  });
});

describe('prerendered pages', () => {
  const webDist = makeBuild(MANIFEST);
  let app: FastifyInstance;
  let ctx: TestContext;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(i18n);
    await app.register(errors);
    await app.register(web, { webDistDir: webDist, prerendered: readPrerendered(webDist) });
    await app.ready();
    ctx = await createTestContext({ config: { webDistDir: webDist } });
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const body = async (url: string, encoding = 'identity') => {
    const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(answer.statusCode, url).toBe(200);
    expect(answer.headers['cache-control'], url).toBe('no-cache');
    return encoding === 'br' ? answer.rawPayload : answer.body;
  };

  it("answers a screen's route with its page, and every other route with the plain one", async () => {
    expect(await body('/merchants')).toContain('<template>merchants</template>');
    expect(await body('/merchants?page=2&search=a')).toContain('<template>merchants</template>');
    expect(await body('/merchant/12')).toContain('<template>merchant</template>');
    expect(await body('/')).toContain('<template>dashboard</template>');
    for (const url of ['/merchant/12/stations', '/rates', '/index.html', '/change-password?token=abc']) {
      expect(await body(url), url).toContain('<template>index</template>');
    }
  });

  it('sends the compressed page the build wrote beside it', async () => {
    const answer = await app.inject({ method: 'GET', url: '/merchants', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.rawPayload).toEqual(brotliCompressSync(page('merchants')));
  });

  it("puts the script's hash in the policy of the whole server", async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/merchants' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<template>merchants</template>');
    expect(String(answer.headers['content-security-policy'])).toContain(`script-src 'self' ${HASH};`);
  });
});
