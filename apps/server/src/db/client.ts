import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { ensurePgliteCluster, startPglite } from './pglite';
import { serverPath } from '../paths';
import { applyRoutines, pgliteSession, postgresSession } from './routines';

/** Both engines behind one type: services only use the query builder, which is the same for both. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The rows a raw `db.execute` write touched: node-postgres answers `rowCount`, PGlite `affectedRows`. */
export const affectedRows = (result: unknown): number => {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
};

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL's pool, for the few readers that talk to node-postgres directly (exports: `platform/export.ts` fetches
   * with text values and its own batches, past Drizzle's row mapping); absent on PGlite.
   */
  pool?: pg.Pool;
  /** The embedded database's client, for its snapshots (db/backup.ts); absent on PostgreSQL. */
  pglite?: PGlite;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = serverPath('drizzle');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** A migrated embedded database to start from (tests): skips initdb and migrations. */
  pgliteTemplate?: Blob | undefined;
  /** The embedded database in `pgliteDir`, already being started (main.ts: see startPglite in db/pglite.ts). */
  pgliteStarted?: Promise<PGlite> | undefined;
  /** Apply pending migrations, then write the reference data (default true). */
  migrate?: boolean;
  /**
   * The reference seed step (seed/reference.ts), run after the migrations and under their lock. Passed in rather than
   * imported so that the database client knows no domain; a caller that serves requests passes it.
   */
  seedReferenceData?: ((db: Database) => Promise<void>) | undefined;
  poolSize?: number;
}

/**
 * Pending migrations, then the functions and triggers from their source files (db/README.md), before any write fires
 * them. One process holds an embedded database (PGlite has a single connection): no lock is needed. A new database is
 * migrated by the child process that creates it (db/pglite-initdb.ts), and the server finds nothing pending.
 */
export const migrateEmbedded = async (client: PGlite, db: PgliteDatabase): Promise<void> => {
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  await applyRoutines(pgliteSession(client));
};

const openPglite = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.pgliteDir && !options.pgliteStarted) {
    mkdirSync(options.pgliteDir, { recursive: true });
    if (!options.pgliteTemplate) {
      await ensurePgliteCluster(options.pgliteDir);
    }
  }
  const client = await (options.pgliteStarted ?? startPglite(options.pgliteDir, options.pgliteTemplate));
  const db = drizzlePglite({ client });
  if (options.migrate !== false && !options.pgliteTemplate) {
    await migrateEmbedded(client, db);
    await options.seedReferenceData?.(db);
  }
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) {
        await client.close();
      }
    },
  };
};

/**
 * Key of the session-level advisory lock that serialises start-up on one PostgreSQL database. Any constant works as
 * long as nothing else in the database uses it; this one spells "zaryad" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x7a6172796164;

/**
 * Migrations, the routine files (routines.ts) and the reference seed run under an advisory lock, so that several server
 * processes starting at once on one database apply each migration once: the first one in migrates, the others wait,
 * then find nothing pending.
 * The lock is held by one pooled connection and released (or dropped with the connection) whatever happens.
 */
const migrateUnderLock = async (
  pool: pg.Pool,
  seedReferenceData: OpenDatabaseOptions['seedReferenceData'],
): Promise<void> => {
  const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzlePostgres({ client });
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
      await applyRoutines(postgresSession(client));
      await seedReferenceData?.(db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // A connection whose unlock may not have run must not go back to the pool still holding the lock.
    isBroken = true;
    throw error;
  } finally {
    client.release(isBroken);
  }
};

const openPostgres = async (databaseUrl: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  // node-postgres and its Drizzle driver load only here: the embedded database never needs them (0.05-0.1 s of a
  // start, docs/benchmarks.md, section 2).
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // No JIT compilation: it spent 150-700 ms compiling the plans of counts and totals over millions of charges that
    // run in 7-40 ms without it. Parallel workers only for statements costed well above a list page: starting two
    // took 7-12 ms of a deep charges page that reads 0.3 ms of index (npm run bench:charges, README).
    options: '-c jit=off -c parallel_setup_cost=10000',
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error'; without a listener that would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool });
  if (options.migrate !== false) {
    try {
      await migrateUnderLock(pool, options.seedReferenceData);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  let closed = false;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!closed) {
        closed = true;
        await pool.end();
      }
    },
  };
};

/** Opens (and by default migrates) the configured database. */
export const openDatabase = (options: OpenDatabaseOptions): Promise<DatabaseHandle> =>
  options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
