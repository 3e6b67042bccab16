import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DOMAINS } from '../modules';
import { ensureFirstAdmin } from '../modules/accounts';
import { createFileStorage, createObjectStore } from '../modules/media';
import { checkDatabase, describeChecks } from './check';
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
export { checkDatabase, describeChecks, type CheckResult } from './check';
// npm run analytics:rebuild (scripts/analytics-rebuild.ts) and the analytics benchmark (which also times the service
// that GET /analytics/ and /graph/ answer with, against the raw charges over the same connection).
export { createAnalyticsService, rebuildAnalytics } from '../modules/analytics';
export { buildEndedCharge } from '../test/analytics-builders';

export interface SeedDemoOptions {
  /** `small`: a few hundred drivers and about a charge a station-day (CI); `full` unless told. */
  scale?: 'full' | 'small';
  /** Seed nothing: check the database's invariants (check.ts). */
  check?: boolean;
}

/**
 * Each domain's `seed.demo` in the order of modules/index.ts (so stations find their merchants) on an open database,
 * after the first administrator. Idempotent. Answers the first administrator when just created and one line per domain.
 */
export const seedDemoInto = async (db: Database, config: AppConfig, { scale = 'full' }: SeedDemoOptions = {}) => {
  const firstAdmin = await ensureFirstAdmin(db, { email: config.adminEmail, password: config.adminPassword });
  // The uploads' store the server uses (DATA_DIR/uploads or the S3_* bucket): demo pictures go where it reads them.
  const uploads = await createObjectStore(config);
  const context = {
    config,
    db,
    scale,
    storage: (folder: string) => createFileStorage(uploads, folder),
  };
  const lines: string[] = [];
  for (const domain of DOMAINS) {
    if (domain.seed.demo) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const line = await domain.seed.demo(context);
      // Each domain's time on its line: wall, and this process's CPU (the embedded database's too).
      const { user, system } = process.cpuUsage(cpu);
      const seconds = (value: number) => value.toFixed(1);
      lines.push(
        `${line} (${seconds((performance.now() - started) / 1000)} s, CPU ${seconds((user + system) / 1e6)} s)`,
      );
    }
  }
  lines.push(await gatherStatistics(db));
  return { firstAdmin, lines };
};

/**
 * ANALYZE: the planner's statistics of the tables the seed filled. The embedded database has no autovacuum to gather
 * them, and without them it plans the dashboard's summary of a merchant over a scan of its stations' year of charges
 * (120 ms an answer instead of 15 on the demo network; the check asks hundreds).
 */
const gatherStatistics = async (db: Database) => {
  const started = performance.now();
  await db.execute(sql`analyze`);
  return `Planner statistics gathered (${((performance.now() - started) / 1000).toFixed(1)} s).`;
};

/** Whether the charges were never analyzed (a database seeded before the seed ended with ANALYZE). */
const neverAnalyzed = async (db: Database) => {
  const result = await db.execute(sql`select reltuples < 0 as never from pg_class where oid = 'charges'::regclass`);
  return (result as unknown as { rows: { never: boolean }[] }).rows[0]?.never === true;
};

/**
 * Seeds the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and/or checks its invariants. Answers
 * what to print (the first administrator when just created, one line per domain, one per check) and the checks.
 */
export const seedDemo = async (config: AppConfig, options: SeedDemoOptions = {}) => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pgdata'),
    seedReferenceData,
  });
  try {
    const { db } = database;
    const lines: string[] = [];
    let firstAdmin: Awaited<ReturnType<typeof seedDemoInto>>['firstAdmin'];
    if (!options.check) {
      const started = performance.now();
      const seeded = await seedDemoInto(db, config, options);
      firstAdmin = seeded.firstAdmin;
      lines.push(...seeded.lines, `Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
    if (options.check && (await neverAnalyzed(db))) {
      lines.push(await gatherStatistics(db));
    }
    const checks = options.check
      ? await checkDatabase(db, { sample: process.env.SEED_CHECK_PERIODS === 'all' ? 'all' : 'full' })
      : [];
    if (checks.length > 0) {
      const total = checks.reduce((sum, check) => sum + check.ms, 0);
      lines.push(...describeChecks(checks), `Checked in ${(total / 1000).toFixed(1)} s.`);
    }
    return { firstAdmin, lines, failed: checks.some((check) => check.violations > 0) };
  } finally {
    await database.close();
  }
};
