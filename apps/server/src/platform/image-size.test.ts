import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { JPEG_BYTES, multipartBody, PNG_BYTES } from '../test/station-requests';
import { createTestContext, type TestContext } from '../test/test-app';
import { isImageSizeAllowed, readImageSize } from './image-size';

/** A PNG header declaring any size (the pixel data never follows: the size alone must be refused). */
const pngOf = (width: number, height: number, padding = 0) => {
  const header = Buffer.from(PNG_BYTES);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(padding)]);
};

/** A JPEG with a metadata segment of `metadataBytes` before its frame header of the given size. */
const jpegOf = (width: number, height: number, metadataBytes = 16) => {
  const app1 = Buffer.alloc(4 + metadataBytes);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(2 + metadataBytes, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
};

describe('image size from the header', () => {
  it('reads PNG and JPEG sizes, and asks for more bytes while the header is incomplete', () => {
    expect(readImageSize('png', pngOf(30_000, 30_000))).toEqual({ status: 'found', width: 30_000, height: 30_000 });
    expect(readImageSize('png', PNG_BYTES.subarray(0, 20))).toEqual({ status: 'more' });
    expect(readImageSize('jpeg', jpegOf(640, 480))).toEqual({ status: 'found', width: 640, height: 480 });
    const withExif = jpegOf(9000, 100, 60_000);
    expect(readImageSize('jpeg', withExif)).toEqual({ status: 'found', width: 9000, height: 100 });
    expect(readImageSize('jpeg', withExif.subarray(0, 30_000))).toEqual({ status: 'more' });
    expect(readImageSize('jpeg', JPEG_BYTES)).toEqual({ status: 'none' });
    expect(readImageSize('jpeg', Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00]))).toEqual({ status: 'malformed' });
  });

  it('allows at most 8000 pixels a side and 40 megapixels', () => {
    expect(isImageSizeAllowed(8000, 5000)).toBe(true);
    expect(isImageSizeAllowed(8001, 10)).toBe(false);
    expect(isImageSizeAllowed(10, 8001)).toBe(false);
    expect(isImageSizeAllowed(8000, 5001)).toBe(false);
    expect(isImageSizeAllowed(0, 10)).toBe(false);
  });
});

describe('uploads with too many pixels', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const upload = async (bytes: Buffer, filename: string, language = 'en') => {
    const body = await multipartBody({ 'media_files[0]content': { bytes, filename } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stations/',
      headers: { ...headers, 'content-type': body.contentType, 'accept-language': language },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json<Record<string, string[]>>() };
  };

  it('refuses a 109 KB PNG of 30000 × 30000 pixels on its field, and a JPEG over the limits', async () => {
    const bomb = await upload(pngOf(30_000, 30_000, 109 * 1024), 'bomb.png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.media_files).toEqual(['Image over 8000 × 8000 pixels or 40 megapixels.']);
    const wide = await upload(jpegOf(9000, 100, 60_000), 'wide.jpg', 'ru');
    expect(wide.body.media_files).toEqual([
      'Изображение больше 8000 × 8000 пикселей или 40 мегапикселей.',
    ]);
    // An image within the limits passes the reader: the form's other fields are what is refused.
    const fine = await upload(pngOf(1200, 800, 1024), 'fine.png');
    expect(fine.status).toBe(400);
    expect(fine.body).not.toHaveProperty('media_files');
  });
});
