import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { rangeOf } from '../platform/storage';

// /media/<key> over the default store (DATA_DIR/uploads), as a browser and a video player ask for files; the same
// route over a bucket: modules/stations/stations.s3.test.ts.

let ctx: TestContext;
const VIDEO = Buffer.from('0123456789abcdefghij');
beforeAll(async () => {
  ctx = await createTestContext();
  const uploads = join(ctx.config.dataDir, 'uploads');
  mkdirSync(join(uploads, 'stations'), { recursive: true });
  mkdirSync(join(uploads, 'private', 'ocpp-firmware'), { recursive: true });
  writeFileSync(join(uploads, 'stations', 'clip.mp4'), VIDEO);
  writeFileSync(join(uploads, 'stations', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(uploads, 'stations', '.hidden.png'), 'hidden');
  writeFileSync(join(uploads, 'private', 'ocpp-firmware', 'fw.bin'), 'firmware');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /media/<key>', () => {
  it('sends a file with its type, length and validators, and 304 to a browser that has it', async () => {
    const answer = await get('/media/stations/clip.mp4');
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(VIDEO);
    expect(answer.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(VIDEO.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=0',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers.etag).toMatch(/^W\/"14-[0-9a-f]+"$/);
    expect((await get('/media/stations/clip.mp4', { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(
      304,
    );
    expect(
      (await get('/media/stations/clip.mp4', { 'if-modified-since': String(answer.headers['last-modified']) }))
        .statusCode,
    ).toBe(304);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/media/stations/clip.mp4' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(VIDEO.length));
    expect(head.body).toBe('');
  });

  it('sends one range of a video, the whole file when If-Range names another version, 416 past its end', async () => {
    const part = await get('/media/stations/clip.mp4', { range: 'bytes=10-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/20');
    expect(part.body).toBe('abcdefghij');
    expect((await get('/media/stations/clip.mp4', { range: 'bytes=-3' })).body).toBe('hij');
    const stale = await get('/media/stations/clip.mp4', { range: 'bytes=0-1', 'if-range': '"another"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(VIDEO);
    const past = await get('/media/stations/clip.mp4', { range: 'bytes=50-60' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20');
  });

  it('lets an svg draw itself but run nothing', async () => {
    const answer = await get('/media/stations/icon.svg');
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('answers 404 for private files, hidden files, missing ones and paths that leave the uploads', async () => {
    for (const url of [
      '/media/private/ocpp-firmware/fw.bin',
      '/media/private%2Focpp-firmware%2Ffw.bin',
      '/media/stations/.hidden.png',
      '/media/stations/missing.mp4',
      '/media/stations/../private/ocpp-firmware/fw.bin',
      '/media/stations',
      '/media/',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('rangeOf', () => {
  it('reads one span of bytes, or none', () => {
    expect(rangeOf('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(rangeOf('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(rangeOf('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
    expect(rangeOf('bytes=3-100', 10)).toEqual({ start: 3, end: 9 });
    expect(rangeOf('bytes=10-12', 10)).toBe('unsatisfiable');
    expect(rangeOf('bytes=0-1,4-5', 10)).toBeNull();
    expect(rangeOf(undefined, 10)).toBeNull();
  });
});
