// npm run backup [-- <folder>]: a backup of the configured database (DATABASE_URL through pg_dump, or the embedded one
// in DATA_DIR, taken by the running server when one runs) with the uploads (DATA_DIR's, or every object of the S3_*
// bucket), into a new folder (default
// backups/zaryad-<UTC time> under the current directory, or under BACKUP_DIR). Restore with `npm run restore -- <folder>`.
import { join, resolve } from 'node:path';
import { backup } from '@zaryad/server/backup';
import { loadConfig } from '@zaryad/server/config';

const config = loadConfig();
const cwd = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const backupDir = resolve(cwd, process.argv[2] ?? join(process.env.BACKUP_DIR ?? 'backups', `zaryad-${stamp}`));
const startedAt = Date.now();
const manifest = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: config.s3, backupDir });
console.log(
  `Backup of the ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database${manifest.uploads ? ` and the uploads (${manifest.uploads_from === 's3' ? `bucket ${config.s3?.bucket ?? ''}` : 'DATA_DIR'})` : ''} written to ${backupDir} in ${Date.now() - startedAt} ms`,
);
