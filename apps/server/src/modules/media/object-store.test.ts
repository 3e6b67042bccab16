import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../platform/storage';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { createFileStorage, createPrivateFileStorage, MEDIA_URL_PREFIX } from './file-storage';
import { createLocalObjectStore } from './local-object-store';
import { createS3ObjectStore, S3_PART_BYTES } from './s3-object-store';

// The storage contract (platform/storage.ts ObjectStore) holds alike for the local folder and an S3-compatible bucket:
// the bucket is a real S3 server speaking HTTP on a free port, started by the test (test/s3-stand-in.ts).

const collect = async (body: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
};

const keysOf = async (store: ObjectStore, prefix?: string) => {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) {
    keys.push(object.key);
  }
  return keys.sort();
};

/** `count` bytes of a pattern, sent in chunks of 64 KiB as a request body arrives. */
async function* chunked(count: number): AsyncGenerator<Uint8Array> {
  const chunk = 64 * 1024;
  for (let sent = 0; sent < count; sent += chunk) {
    const size = Math.min(chunk, count - sent);
    yield Buffer.alloc(size, (sent / chunk) % 251);
  }
}
const patterned = (count: number) => {
  const chunk = 64 * 1024;
  const bytes = Buffer.alloc(count);
  for (let at = 0; at < count; at += chunk) {
    bytes.fill((at / chunk) % 251, at, Math.min(at + chunk, count));
  }
  return bytes;
};

let s3: S3StandIn;
const localRoot = mkdtempSync(join(tmpdir(), 'zaryad-object-store-'));
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const STORES: [string, () => Promise<ObjectStore>][] = [
  ['the local folder', () => Promise.resolve(createLocalObjectStore(join(localRoot, 'uploads')))],
  ['an S3-compatible bucket', async () => await createS3ObjectStore(s3.options(await s3.createBucket('contract')))],
];

describe.each(STORES)('the object store in %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await open();
    await store.verify();
  });

  it('keeps a buffer under its key and gives it back with its type, length, validator and date', async () => {
    const before = Date.now();
    await store.put('stations/a1.png', Buffer.from('png bytes'), 'image/png');
    const read = await store.get('stations/a1.png');
    expect(read).toMatchObject({ key: 'stations/a1.png', size: 9, contentType: 'image/png' });
    expect(await collect(read!.body)).toEqual(Buffer.from('png bytes'));
    expect(read!.etag).toMatch(/^(W\/)?".+"$/);
    expect(read!.lastModified.getTime()).toBeGreaterThan(before - 5000);
    const info = await store.stat('stations/a1.png');
    expect(info).toMatchObject({ key: 'stations/a1.png', size: 9, contentType: 'image/png', etag: read!.etag });
    expect(await store.exists('stations/a1.png')).toBe(true);
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('banners/b.svg', Buffer.from('<svg>one</svg>'), 'image/svg+xml');
    await store.put('banners/b.svg', Buffer.from('<svg>second</svg>'), 'image/svg+xml');
    const read = await store.get('banners/b.svg');
    expect(read?.contentType).toBe('image/svg+xml');
    expect((await collect(read!.body)).toString()).toBe('<svg>second</svg>');
  });

  it('writes a stream larger than one part as it arrives, and reads back any range of it', async () => {
    const size = S3_PART_BYTES + 1024 * 1024 + 17;
    await store.put('stations/video.mp4', chunked(size), 'video/mp4');
    const expected = patterned(size);
    const whole = await store.get('stations/video.mp4');
    expect(whole).toMatchObject({ size, contentType: 'video/mp4' });
    expect((await collect(whole!.body)).equals(expected)).toBe(true);
    const range = { start: S3_PART_BYTES - 10, end: S3_PART_BYTES + 9 };
    const part = await store.get('stations/video.mp4', range);
    expect(part?.size).toBe(size);
    expect(await collect(part!.body)).toEqual(expected.subarray(range.start, range.end + 1));
  });

  it('keeps nothing of a stream that fails, and rethrows its error', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(1024, 1);
      throw new Error('the client went away');
    }
    await expect(store.put('stations/broken.jpg', failing(), 'image/jpeg')).rejects.toThrow('the client went away');
    expect(await store.exists('stations/broken.jpg')).toBe(false);
    expect(await keysOf(store, 'stations/')).not.toContain('stations/broken.jpg');
  });

  it('answers nothing for a missing object and for paths that are no keys, and refuses to write them', async () => {
    expect(await store.get('stations/missing.png')).toBeNull();
    expect(await store.stat('stations/missing.png')).toBeNull();
    expect(await store.exists('stations/missing.png')).toBe(false);
    for (const key of [
      '',
      '../outside.png',
      'stations/../../etc/passwd',
      '.hidden',
      'stations//a.png',
      '/abs.png',
      'a\0b',
    ]) {
      expect(await store.get(key), key).toBeNull();
      expect(await store.exists(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/invalid storage key/);
    }
  });

  it('deletes an object, and deleting it again is no error', async () => {
    await store.put('surroundings/gone.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await store.delete('surroundings/gone.svg');
    expect(await store.exists('surroundings/gone.svg')).toBe(false);
    await store.delete('surroundings/gone.svg');
  });

  it('lists every object, the private ones included, or those under a prefix', async () => {
    await store.put('private/ocpp-firmware/f.bin', Buffer.from([0, 1, 2]), 'application/octet-stream');
    await store.put('promotions/p.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const all = await keysOf(store);
    expect(all).toEqual(expect.arrayContaining(['private/ocpp-firmware/f.bin', 'promotions/p.jpg', 'stations/a1.png']));
    expect(await keysOf(store, 'private/')).toEqual(['private/ocpp-firmware/f.bin']);
    const [listed] = await (async () => {
      const found = [];
      for await (const object of store.list('promotions/')) {
        found.push(object);
      }
      return found;
    })();
    expect(listed).toMatchObject({ key: 'promotions/p.jpg', size: 4, contentType: 'image/jpeg' });
  });

  it('presigns a URL that hands the object out without the server (a bucket only)', async () => {
    await store.put('stations/signed.png', Buffer.from('signed bytes'), 'image/png');
    const url = await store.presignedUrl('stations/signed.png', 60);
    if (store.kind === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Signature=/);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe('signed bytes');
    // The signature covers the key: another key under the same signature is refused.
    const forged = url!.replace('signed.png', 'a1.png');
    expect((await fetch(forged)).status).toBe(403);
  });

  it("keeps the domains' files under their folders: public ones with a /media URL, private ones opened by range", async () => {
    const photos = createFileStorage(store, 'stations');
    const path = await photos.saveFile(Buffer.from('photo'), 'jpg');
    expect(path).toMatch(/^stations\/[0-9a-f]{32}\.jpg$/);
    expect(photos.url(path)).toBe(`${MEDIA_URL_PREFIX}${path}`);
    expect((await store.stat(path))?.contentType).toBe('image/jpeg');
    const streamed = await photos.saveStream(chunked(1000), 'mp4');
    expect((await store.stat(streamed))?.size).toBe(1000);
    await photos.deleteFile(path);
    expect(await store.exists(path)).toBe(false);
    await expect(photos.deleteFile('banners/other.png')).rejects.toThrow(/outside the stations uploads/);
    await expect(photos.deleteFile('stations/../private/x.bin')).rejects.toThrow(/outside the stations uploads/);

    const firmware = createPrivateFileStorage(store, 'ocpp-firmware');
    const stored = await firmware.saveStream(chunked(300_000), 'bin');
    expect(stored).toMatch(/^ocpp-firmware\/[0-9a-f]{32}\.bin$/);
    expect(await store.exists(`private/${stored}`)).toBe(true);
    const opened = await firmware.open(stored);
    expect(opened?.size).toBe(300_000);
    expect((await collect(opened!.stream())).equals(patterned(300_000))).toBe(true);
    expect(await collect(opened!.stream({ start: 65_530, end: 65_545 }))).toEqual(
      patterned(300_000).subarray(65_530, 65_546),
    );
    await firmware.deleteFile(stored);
    expect(await firmware.open(stored)).toBeNull();
  });
});

describe('an S3 store that cannot be used', () => {
  it('says so at start: the bucket, the address and what the service answered', async () => {
    const missing = await createS3ObjectStore(s3.options('no-such-bucket'));
    await expect(missing.verify()).rejects.toThrow(
      /the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/,
    );
    const wrongKeys = await createS3ObjectStore({
      ...s3.options(await s3.createBucket('keys')),
      secretAccessKey: 'wrong-secret',
    });
    await expect(wrongKeys.verify()).rejects.toThrow(/cannot be used/);
  });
});
