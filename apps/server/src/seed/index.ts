import { join } from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { DOMAINS } from '../modules';
import { ensureFirstAdmin } from '../modules/accounts';
import { createLocalFileStorage } from '../modules/media';
import { seedReferenceData } from './reference';

export { loadConfig } from '../config';
export { DEMO_PASSWORD, seedDemoAccounts } from '../modules/accounts';
export { buildAccount } from '../test/builders';
// App users and their ledger for the end-to-end tests' fixtures (e2e/support/seed-users.ts).
export { buildEntry, buildUser } from '../test/user-builders';
// A merchant, stations and charges made through the one charges engine, for the charges' fixtures
// (e2e/support/seed-charges.ts).
export { buildCharge } from '../test/charge-builders';
export { buildMerchant } from '../test/network-builders';
export { buildStation } from '../test/station-builders';
// A referral rewarded by one of those charges, for the referrals' fixtures.
export { linkReferralByAccount, setReferralBonuses } from '../test/referral-builders';
export { buildSilentChargePoint } from '../test/ocpp-builders';
export { openDatabase } from '../db/client';
export { seedReferenceData } from './reference';
// npm run analytics:rebuild (scripts/analytics-rebuild.ts) and the analytics benchmark (which also times the service
// that GET /analytics/ and /graph/ answer with, against the raw charges over the same connection).
export { createAnalyticsService, rebuildAnalytics } from '../modules/analytics';
export { buildEndedCharge } from '../test/analytics-builders';

/**
 * Seeds the configured database (DATABASE_URL, or the embedded one in DATA_DIR): the first administrator, then each
 * domain's `seed.demo` in the order of modules/index.ts (so stations find their merchants). Idempotent. Answers what
 * to print: the first administrator when just created, and one line per domain that seeded.
 */
export const seedDemo = async (config: AppConfig) => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pgdata'),
    seedReferenceData,
  });
  try {
    const { db } = database;
    const firstAdmin = await ensureFirstAdmin(db, { email: config.adminEmail, password: config.adminPassword });
    const context = {
      config,
      db,
      storage: (folder: string) => createLocalFileStorage(join(config.dataDir, 'uploads'), folder),
    };
    const lines: string[] = [];
    for (const domain of DOMAINS) {
      if (domain.seed.demo) {
        lines.push(await domain.seed.demo(context));
      }
    }
    return { firstAdmin, lines };
  } finally {
    await database.close();
  }
};
