// npm run restore -- <folder>: restores a backup made by `npm run backup` into DATA_DIR (the embedded database: only
// into a DATA_DIR without one, with no server running) or into the PostgreSQL database DATABASE_URL names (a new,
// empty one), with the uploads (into DATA_DIR, or into the S3_* bucket when one is configured) and the JWT secret the
// backup holds.
import { resolve } from 'node:path';
import { restore } from '@zaryad/server/backup';
import { loadConfig } from '@zaryad/server/config';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const config = loadConfig();
const backupDir = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
try {
  const manifest = await restore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: config.s3, backupDir });
  console.log(
    `Restored the ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database of ${manifest.created_at} from ${backupDir} (DATA_DIR ${config.dataDir})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
