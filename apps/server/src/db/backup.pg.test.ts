import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAccount } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { databaseUrlFor, TEMPLATE_DATABASE } from '../test/pg-urls';
import { buildStation } from '../test/station-builders';
import { tableFingerprint } from '../test/table-fingerprint';
import { buildTag } from '../test/titled-builders';
import { buildEntry, buildUser } from '../test/user-builders';
import { backup, restore } from './backup';
import { openDatabase } from './client';

// The PostgreSQL backup: pg_dump's custom format with the uploads, restored by pg_restore into a new database.
// Runs in the PostgreSQL run only (vitest.pg.config.ts).
const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const root = mkdtempSync(join(tmpdir(), 'zaryad-pg-backup-'));
const created: string[] = [];

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const newDatabase = async (template?: string) => {
  const name = `zaryad_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  created.push(name);
  return databaseUrlFor(baseUrl, name);
};
afterAll(async () => {
  for (const name of created) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores a pg_dump backup into a new database with every record and the uploads', async () => {
    const sourceUrl = await newDatabase(TEMPLATE_DATABASE);
    const source = await openDatabase({ databaseUrl: sourceUrl, migrate: false, poolSize: 2 });
    const dataDir = join(root, 'source');
    mkdirSync(join(dataDir, 'uploads', 'stations'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'stations', 'photo.jpg'), 'a photo');
    await buildAccount(source.db);
    const tag = await buildTag(source.db);
    const merchant = await buildMerchant(source.db, { tagIds: [tag.id] });
    await buildStation(source.db, { merchantId: merchant.id, mediaPaths: ['stations/photo.jpg'] });
    const user = await buildUser(source.db);
    await buildEntry(source.db, user.id);
    const expected = await tableFingerprint(source.db);

    const backupDir = join(root, 'backup');
    const manifest = await backup({ dataDir, databaseUrl: sourceUrl, backupDir });
    expect(manifest).toMatchObject({ kind: 'postgres', database: 'database.dump', uploads: true, jwt_secret: false });
    await source.close();

    const targetUrl = await newDatabase();
    const targetDir = join(root, 'target');
    await restore({ dataDir: targetDir, databaseUrl: targetUrl, backupDir });
    expect(readFileSync(join(targetDir, 'uploads', 'stations', 'photo.jpg'), 'utf8')).toBe('a photo');
    const target = await openDatabase({ databaseUrl: targetUrl, migrate: false, poolSize: 2 });
    try {
      expect(await tableFingerprint(target.db)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(30);
    } finally {
      await target.close();
    }
    // An embedded backup is refused on PostgreSQL and the other way round.
    await expect(restore({ dataDir: targetDir, backupDir })).rejects.toThrow(/DATABASE_URL/);
  }, 120_000);
});
