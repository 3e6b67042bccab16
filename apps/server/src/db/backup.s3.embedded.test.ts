import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createS3ObjectStore } from '../modules/media';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { backup, listenForBackups, PGLITE_SUBDIR, restore } from './backup';
import { openDatabase } from './client';

// With the uploads in an S3-compatible bucket, `npm run backup` downloads every object under uploads/<key>, and a
// restore puts them into the bucket configured then (or into DATA_DIR/uploads when none is).

const root = mkdtempSync(join(tmpdir(), 'zaryad-backup-s3-'));
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const text = async (body: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString();
};

describe('backup and restore of uploads kept in a bucket', () => {
  it('copies every object of the bucket into the backup and puts them back into another bucket or DATA_DIR', async () => {
    const source = join(root, 'source');
    const sourceBucket = s3.options(await s3.createBucket('backup-source'));
    const objects = await createS3ObjectStore(sourceBucket);
    await objects.put('stations/photo.png', Buffer.from('png of the source'), 'image/png');
    await objects.put('private/ocpp-firmware/fw.bin', Buffer.from('firmware bytes'), 'application/octet-stream');
    const database = await openDatabase({
      pgliteDir: join(source, PGLITE_SUBDIR),
      pgliteTemplate: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
    });
    const control: Server = await listenForBackups(source, database.pglite!);
    const backupDir = join(root, 'backup');
    try {
      const manifest = await backup({ dataDir: source, s3: sourceBucket, backupDir });
      expect(manifest).toMatchObject({ kind: 'pglite', uploads: true, uploads_from: 's3' });
    } finally {
      control.close();
      await database.close();
    }
    expect(readFileSync(join(backupDir, 'uploads', 'stations', 'photo.png'), 'utf8')).toBe('png of the source');
    expect(readFileSync(join(backupDir, 'uploads', 'private', 'ocpp-firmware', 'fw.bin'), 'utf8')).toBe(
      'firmware bytes',
    );
    // The bucket's files are not looked for in DATA_DIR, nor left there.
    expect(existsSync(join(source, 'uploads'))).toBe(false);

    const targetBucket = s3.options(await s3.createBucket('backup-target'));
    await restore({ dataDir: join(root, 'target'), s3: targetBucket, backupDir });
    const restored = await createS3ObjectStore(targetBucket);
    const photo = await restored.get('stations/photo.png');
    expect(photo?.contentType).toBe('image/png');
    expect(await text(photo!.body)).toBe('png of the source');
    expect(await text((await restored.get('private/ocpp-firmware/fw.bin'))!.body)).toBe('firmware bytes');
    expect(existsSync(join(root, 'target', 'uploads'))).toBe(false);

    // Without S3_* the same backup's files land in DATA_DIR/uploads.
    await restore({ dataDir: join(root, 'local'), backupDir });
    expect(readFileSync(join(root, 'local', 'uploads', 'stations', 'photo.png'), 'utf8')).toBe('png of the source');

    // A bucket that does not answer is told before anything is restored.
    await expect(
      restore({ dataDir: join(root, 'nowhere'), s3: s3.options('no-such-bucket'), backupDir }),
    ).rejects.toThrow(/the bucket no-such-bucket .* cannot be used/);
    expect(existsSync(join(root, 'nowhere', PGLITE_SUBDIR))).toBe(false);
  }, 120_000);
});
