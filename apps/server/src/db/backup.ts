import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { S3Config } from '../config';
import { createLocalObjectStore, createS3ObjectStore } from '../modules/media';
import type { ObjectStore } from '../platform/storage';
import { PGLITE_START_PARAMS } from './pglite';

/**
 * Backups of the configured database with the uploads (and the generated JWT secret, which also seals station
 * passwords): `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts).
 *
 * A backup is a folder: `manifest.json`, `database.tar.gz` (embedded) or `database.dump` (PostgreSQL, `pg_dump`'s
 * custom format), `uploads/` and `jwt-secret` when DATA_DIR holds one. `uploads/<key>` is each stored object under
 * its key, whichever store held it (`uploads_from`: DATA_DIR/uploads, or the S3_* bucket, every object of which is
 * downloaded); a restore puts them back into the store configured then (the folder, or the bucket), so a backup
 * also moves a network's files from one store to the other.
 *
 * The embedded database has one owner, the server process: a copy of its files taken from outside could be torn. So
 * the running server answers on a Unix socket in DATA_DIR (`control.sock`, mode 0600: whoever may read DATA_DIR may
 * ask) and writes the snapshot itself, with no transaction half done, after a CHECKPOINT: the copy
 * is the database between two transactions. With no server running, the backup opens the database itself.
 */

export const CONTROL_SOCKET = 'control.sock';
export const PGLITE_SUBDIR = 'pgdata';
const DATABASE_ARCHIVE = 'database.tar.gz';
const DATABASE_DUMP = 'database.dump';
const JWT_SECRET_FILE = 'jwt-secret';

export interface BackupManifest {
  kind: 'pglite' | 'postgres';
  created_at: string;
  database: string;
  uploads: boolean;
  /** Where the uploads came from (absent in backups older than object storage: the local folder). */
  uploads_from?: 'local' | 's3';
  jwt_secret: boolean;
}

/**
 * A consistent copy of an open embedded database: inside a transaction of its own, so that no other transaction is
 * half done (PGlite runs one at a time), after a CHECKPOINT, so that the copy needs no recovery when opened.
 */
export const snapshotPglite = (client: PGlite): Promise<Blob> =>
  client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });

/**
 * The running server's side: answers `{"snapshot": "<file>"}` by writing the embedded database's snapshot there.
 * A socket file left by a killed server is replaced (one process owns a DATA_DIR).
 */
export const listenForBackups = async (dataDir: string, client: PGlite): Promise<Server> => {
  const socketPath = join(dataDir, CONTROL_SOCKET);
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        return;
      }
      void (async () => {
        try {
          const { snapshot } = JSON.parse(request) as { snapshot?: unknown };
          if (typeof snapshot !== 'string' || snapshot === '') {
            throw new Error('expected {"snapshot": "<file>"}');
          }
          const archive = await snapshotPglite(client);
          writeFileSync(snapshot, Buffer.from(await archive.arrayBuffer()));
          socket.end(`${JSON.stringify({ ok: true, bytes: archive.size })}\n`);
        } catch (error) {
          socket.end(`${JSON.stringify({ ok: false, error: String(error) })}\n`);
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  server.on('close', () => rmSync(socketPath, { force: true }));
  return server;
};

/** Asks the server running on DATA_DIR for a snapshot; `false` when none answers (no server runs). */
const askServerForSnapshot = (dataDir: string, file: string): Promise<boolean> =>
  new Promise((resolve, reject) => {
    const socketPath = join(dataDir, CONTROL_SOCKET);
    if (!existsSync(socketPath)) {
      resolve(false);
      return;
    }
    let answer = '';
    const socket = createConnection(socketPath);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ snapshot: file })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket left by a killed server: nobody listens.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') {
        resolve(false);
      } else {
        reject(error);
      }
    });
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer) as { ok: boolean; error?: string };
        if (parsed.ok) {
          resolve(true);
        } else {
          reject(new Error(`the server could not take the snapshot: ${parsed.error ?? 'unknown error'}`));
        }
      } catch {
        reject(new Error(`unexpected answer from the server's control socket: ${answer}`));
      }
    });
  });

/** Whether a server is running on the embedded database in DATA_DIR (it answers on the control socket). */
export const isServerRunning = (dataDir: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socketPath = join(dataDir, CONTROL_SOCKET);
    if (!existsSync(socketPath)) {
      resolve(false);
      return;
    }
    const socket = createConnection(socketPath);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const openPgliteFiles = (pgliteDir: string, loadDataDir?: Blob) =>
  PGlite.create(pgliteDir, {
    startParams: PGLITE_START_PARAMS,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });

const run = (command: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}): install postgresql-client`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });

/** Copies every object of one store into another; with `skipExisting` those the target already holds are left. */
const copyObjects = async (from: ObjectStore, to: ObjectStore, { skipExisting }: { skipExisting: boolean }) => {
  let copied = 0;
  for await (const object of from.list()) {
    if (skipExisting && (await to.exists(object.key))) {
      continue;
    }
    const read = await from.get(object.key);
    // Gone since it was listed: its row went with it.
    if (read) {
      await to.put(object.key, read.body, read.contentType);
      copied += 1;
    }
  }
  return copied;
};

/**
 * Copies the uploads into the backup, adding files that appeared since an earlier pass (none is replaced): DATA_DIR's
 * folder as files, or every object of the bucket downloaded under its key.
 */
const copyUploads = async (dataDir: string, backupDir: string, s3: S3Config | undefined) => {
  if (s3) {
    mkdirSync(join(backupDir, 'uploads'), { recursive: true });
    await copyObjects(await createS3ObjectStore(s3), createLocalObjectStore(join(backupDir, 'uploads')), {
      skipExisting: true,
    });
    return;
  }
  const uploads = join(dataDir, 'uploads');
  if (existsSync(uploads)) {
    cpSync(uploads, join(backupDir, 'uploads'), {
      recursive: true,
      force: false,
      errorOnExist: false,
      preserveTimestamps: true,
    });
  }
};

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The uploads' bucket (config S3_*); DATA_DIR/uploads when absent. */
  s3?: S3Config | undefined;
  /** The backup folder to create (must not exist). */
  backupDir: string;
}

/**
 * Writes a backup of the configured database and DATA_DIR's uploads into a new folder. Uploads are copied before and
 * after the database (the second pass adds new files only), so that every file a row of the copy names is there.
 */
export const backup = async ({ dataDir, databaseUrl, s3, backupDir }: BackupOptions): Promise<BackupManifest> => {
  if (existsSync(backupDir)) {
    throw new Error(`${backupDir} exists: a backup goes into a new folder`);
  }
  const partial = `${backupDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // The backup holds the JWT secret and every account's data: readable by its owner only.
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  await copyUploads(dataDir, partial, s3);
  let database: string;
  if (databaseUrl) {
    database = DATABASE_DUMP;
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(partial, database)}`,
      `--dbname=${databaseUrl}`,
    ]);
  } else {
    database = DATABASE_ARCHIVE;
    const file = join(partial, database);
    if (!(await askServerForSnapshot(dataDir, file))) {
      const pgliteDir = join(dataDir, PGLITE_SUBDIR);
      if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
        throw new Error(`no embedded database in ${pgliteDir}`);
      }
      const client = await openPgliteFiles(pgliteDir);
      try {
        writeFileSync(file, Buffer.from(await (await snapshotPglite(client)).arrayBuffer()));
      } finally {
        await client.close();
      }
    }
  }
  await copyUploads(dataDir, partial, s3);
  const hasJwtSecret = existsSync(join(dataDir, JWT_SECRET_FILE));
  if (hasJwtSecret) {
    cpSync(join(dataDir, JWT_SECRET_FILE), join(partial, JWT_SECRET_FILE), { preserveTimestamps: true });
  }
  const manifest: BackupManifest = {
    kind: databaseUrl ? 'postgres' : 'pglite',
    created_at: new Date().toISOString(),
    database,
    uploads: existsSync(join(partial, 'uploads')),
    uploads_from: s3 ? 's3' : 'local',
    jwt_secret: hasJwtSecret,
  };
  writeFileSync(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, backupDir);
  return manifest;
};

export interface RestoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The uploads' bucket to put the backup's files into (config S3_*); DATA_DIR/uploads when absent. */
  s3?: S3Config | undefined;
  backupDir: string;
}

/**
 * Restores a backup into DATA_DIR (and, for a PostgreSQL backup, into the database DATABASE_URL names, which should be
 * new and empty: objects the dump holds are dropped and recreated). The embedded database is restored only into a
 * DATA_DIR without one, and never under a running server.
 */
export const restore = async ({ dataDir, databaseUrl, s3, backupDir }: RestoreOptions): Promise<BackupManifest> => {
  const manifestFile = join(backupDir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${backupDir} is not a backup: manifest.json is missing`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  // A bucket that cannot take the files is told before the database is touched.
  const bucket = s3 && manifest.uploads ? await createS3ObjectStore(s3) : undefined;
  await bucket?.verify();
  const databaseFile = join(backupDir, manifest.database);
  if (manifest.kind === 'postgres') {
    if (!databaseUrl) {
      throw new Error('this backup is of PostgreSQL: set DATABASE_URL to the (new, empty) database to restore into');
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--clean',
      '--if-exists',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      databaseFile,
    ]);
  } else {
    if (databaseUrl) {
      throw new Error('this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
    }
    if (await isServerRunning(dataDir)) {
      throw new Error(`a server is running on ${dataDir}: stop it first`);
    }
    const pgliteDir = join(dataDir, PGLITE_SUBDIR);
    if (existsSync(join(pgliteDir, 'PG_VERSION'))) {
      throw new Error(`${pgliteDir} holds a database: restore into a new DATA_DIR, or move that folder away first`);
    }
    rmSync(pgliteDir, { recursive: true, force: true });
    mkdirSync(pgliteDir, { recursive: true });
    const client = await openPgliteFiles(pgliteDir, new Blob([readFileSync(databaseFile)]));
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  }
  if (bucket) {
    await copyObjects(createLocalObjectStore(join(backupDir, 'uploads')), bucket, { skipExisting: false });
  } else if (manifest.uploads) {
    cpSync(join(backupDir, 'uploads'), join(dataDir, 'uploads'), {
      recursive: true,
      force: true,
      preserveTimestamps: true,
    });
  }
  if (manifest.jwt_secret) {
    const target = join(dataDir, JWT_SECRET_FILE);
    if (existsSync(target)) {
      unlinkSync(target);
    }
    cpSync(join(backupDir, JWT_SECRET_FILE), target, { preserveTimestamps: true });
    chmodSync(target, 0o600);
  }
  return manifest;
};
