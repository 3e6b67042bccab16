// npm run backup [-- <folder>]: a backup of the configured database (DATABASE_URL through pg_dump, or the embedded one
// in DATA_DIR, taken by the running server when one runs) with DATA_DIR's uploads, into a new folder (default
// backups/zaryad-<UTC time> under the current directory, or under BACKUP_DIR). Restore with `npm run restore -- <folder>`.
import { join, resolve } from 'node:path';
import { backup } from '@zaryad/server/backup';
import { loadConfig } from '@zaryad/server/config';

const config = loadConfig();
const cwd = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const backupDir = resolve(cwd, process.argv[2] ?? join(process.env.BACKUP_DIR ?? 'backups', `zaryad-${stamp}`));
const startedAt = Date.now();
const manifest = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, backupDir });
console.log(
  `Backup of the ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database${manifest.uploads ? ' and the uploads' : ''} written to ${backupDir} in ${Date.now() - startedAt} ms`,
);
