import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TStation } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import {
  JPEG_BYTES,
  PNG_BYTES,
  mediaFields,
  photo,
  sendMultipart,
  stationCreateFields,
} from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { settlements } from '../locations';
import { createS3ObjectStore } from '../media';

// With S3_* set, a station's photos go to the bucket (nothing on the local disk) and are read back at their public
// /media/ paths: streamed through the server, or with S3_PRESIGN redirected to a presigned URL of the bucket.

let s3: S3StandIn;
let ctx: TestContext;
let headers: Record<string, string>;
let merchantId: number;
let place: { country: number; city: number };
let bucket: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  bucket = await s3.createBucket('stations-photos');
  ctx = await createTestContext({ config: { s3: s3.options(bucket) } });
  headers = { ...(await signIn(ctx.app, await buildAccount(ctx.database.db))).headers, 'accept-language': 'en' };
  merchantId = (await buildMerchant(ctx.database.db)).id;
  const [bishkek] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-bishkek'));
  place = { country: bishkek?.countryId ?? 0, city: bishkek?.id ?? 0 };
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const createStation = async (identity: string) => {
  const response = await sendMultipart(ctx.app, 'POST', '/api/v1/stations/', headers, {
    ...stationCreateFields(merchantId, place, identity),
    ...mediaFields([photo('front.png')]),
    avatar: { bytes: JPEG_BYTES, filename: 'avatar.jpg', type: 'image/jpeg' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TStation>();
};
const keyOf = (publicPath: string) => publicPath.replace(/^\/media\//, '');

describe('station photos on S3-compatible storage', () => {
  it('stores an uploaded photo in the bucket and serves it at its public path through the server', async () => {
    const station = await createStation('CP-S3-1');
    const [file] = station.media_files;
    expect(file?.content_path).toMatch(/^\/media\/stations\/[0-9a-f]{32}\.png$/);
    const objects = await createS3ObjectStore(s3.options(bucket));
    expect(await objects.stat(keyOf(file!.content_path))).toMatchObject({
      size: PNG_BYTES.length,
      contentType: 'image/png',
    });
    // Nothing went to the local folder.
    expect(existsSync(join(ctx.config.dataDir, 'uploads', 'stations'))).toBe(false);

    const served = await ctx.app.inject({ method: 'GET', url: file!.content_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG_BYTES);
    const avatar = await ctx.app.inject({ method: 'GET', url: station.avatar! });
    expect(avatar.headers['content-type']).toBe('image/jpeg');
    expect(avatar.rawPayload).toEqual(JPEG_BYTES);

    // A range (a video's seek) and a revalidation, as a browser sends them.
    const range = await ctx.app.inject({ method: 'GET', url: file!.content_path, headers: { range: 'bytes=1-3' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1-3/${PNG_BYTES.length}`);
    expect(range.rawPayload).toEqual(PNG_BYTES.subarray(1, 4));
    const cached = await ctx.app.inject({
      method: 'GET',
      url: file!.content_path,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    // A missing file and the private keys answer 404 as on the local folder.
    expect((await ctx.app.inject({ method: 'GET', url: '/media/stations/missing.png' })).statusCode).toBe(404);
    await objects.put('private/ocpp-firmware/secret.bin', Buffer.from('secret'), 'application/octet-stream');
    expect((await ctx.app.inject({ method: 'GET', url: '/media/private/ocpp-firmware/secret.bin' })).statusCode).toBe(
      404,
    );
  });

  it('removes a replaced photo from the bucket', async () => {
    const station = await createStation('CP-S3-2');
    const before = keyOf(station.avatar!);
    const replaced = await sendMultipart(ctx.app, 'PATCH', `/api/v1/stations/update/${station.id}/`, headers, {
      avatar: photo('new-avatar.png'),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const objects = await createS3ObjectStore(s3.options(bucket));
    expect(await objects.exists(before)).toBe(false);
    const after = replaced.json<TStation>().avatar!;
    expect((await ctx.app.inject({ method: 'GET', url: after })).rawPayload).toEqual(PNG_BYTES);
  });

  it('with S3_PRESIGN redirects the public path to a presigned URL of the bucket that hands out the photo', async () => {
    const station = await createStation('CP-S3-3');
    const path = station.media_files[0]!.content_path;
    const presigning = await ctx.buildAnotherApp({ config: { s3: { ...s3.options(bucket), presign: true } } });
    const redirect = await presigning.inject({ method: 'GET', url: path });
    expect(redirect.statusCode).toBe(302);
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${s3.url}/${bucket}/${keyOf(path)}?`)).toBe(true);
    expect(location).toMatch(/X-Amz-Signature=/);
    const photoAnswer = await fetch(location);
    expect(photoAnswer.status).toBe(200);
    expect(photoAnswer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photoAnswer.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await presigning.inject({ method: 'GET', url: '/media/stations/missing.png' })).statusCode).toBe(404);
  });
});
