import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { accounts } from '../modules/accounts';
import { stations } from '../modules/stations';
import { buildAccount } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildStation } from '../test/station-builders';
import { tableFingerprint } from '../test/table-fingerprint';
import { buildTag } from '../test/titled-builders';
import { buildEntry, buildUser } from '../test/user-builders';
import { testConfig } from '../test/test-app';
import { backup, isServerRunning, listenForBackups, PGLITE_SUBDIR, restore } from './backup';
import { openDatabase } from './client';

const root = mkdtempSync(join(tmpdir(), 'zaryad-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The embedded database's backup is taken by the running server (db/backup.ts) and restored into a new data folder.
describe('backup and restore of the embedded database', () => {
  it('restores a backup taken while the server runs into a fresh data folder with every record, upload and the secret', async () => {
    const source = join(root, 'source');
    mkdirSync(join(source, 'uploads', 'stations'), { recursive: true });
    writeFileSync(join(source, 'jwt-secret'), 'a-generated-secret-of-the-source-data-folder-0123456789');
    writeFileSync(join(source, 'uploads', 'stations', 'photo.jpg'), 'not really a jpeg');
    const database = await openDatabase({
      pgliteDir: join(source, PGLITE_SUBDIR),
      pgliteTemplate: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
    });
    const app = await buildApp({ config: testConfig({ dataDir: source }), database, logger: false });
    const account = await buildAccount(database.db, { email: 'kept@zaryad.test' });
    const tag = await buildTag(database.db);
    const merchant = await buildMerchant(database.db, { tagIds: [tag.id] });
    const station = await buildStation(database.db, { merchantId: merchant.id, mediaPaths: ['stations/photo.jpg'] });
    const user = await buildUser(database.db);
    await buildEntry(database.db, user.id);
    const control: Server = await listenForBackups(source, database.pglite!);
    expect(await isServerRunning(source)).toBe(true);

    const backupDir = join(root, 'backup-1');
    const manifest = await backup({ dataDir: source, backupDir });
    expect(manifest).toMatchObject({ kind: 'pglite', database: 'database.tar.gz', uploads: true, jwt_secret: true });
    const expected = await tableFingerprint(database.db);
    // The server keeps working after the snapshot; what it writes later is not in the backup.
    await buildTag(database.db, { titleRu: 'После копии' });
    await expect(restore({ dataDir: source, backupDir })).rejects.toThrow(/running/);
    control.close();
    await app.close();
    await database.close();

    const target = join(root, 'target');
    await restore({ dataDir: target, backupDir });
    expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(source, 'jwt-secret'), 'utf8'));
    expect(readFileSync(join(target, 'uploads', 'stations', 'photo.jpg'), 'utf8')).toBe('not really a jpeg');
    const restored = await openDatabase({ pgliteDir: join(target, PGLITE_SUBDIR), migrate: false });
    const found = await tableFingerprint(restored.db);
    expect(found).toEqual(expected);
    expect(Object.keys(found).length).toBeGreaterThan(30);
    const [kept] = await restored.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(kept?.email).toBe('kept@zaryad.test');
    expect(
      await restored.db.select({ id: stations.id }).from(stations).where(eq(stations.id, station.id)),
    ).toHaveLength(1);
    await restored.close();

    // A data folder that already holds a database is never overwritten.
    await expect(restore({ dataDir: target, backupDir })).rejects.toThrow(/holds a database/);
    // With no server running, the backup opens the database itself.
    const offline = await backup({ dataDir: target, backupDir: join(root, 'backup-2') });
    expect(offline.kind).toBe('pglite');
    expect(existsSync(join(root, 'backup-2', 'database.tar.gz'))).toBe(true);
  }, 120_000);
});
