// npm run analytics:rebuild: recomputes the dashboard's rollups from the raw charges of the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first). Charges finishing meanwhile wait for it.
import { join } from 'node:path';
import { loadConfig, openDatabase, rebuildAnalytics, seedReferenceData } from '@zaryad/server/seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pgdata'),
  seedReferenceData,
});
try {
  const started = performance.now();
  const hours = await rebuildAnalytics(database.db);
  console.log(
    `Analytics rebuilt from the charges: ${hours} station hours in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
