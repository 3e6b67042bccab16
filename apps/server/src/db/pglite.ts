import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { RUNS_BUILD, serverPath } from '../paths';

/**
 * PGlite is a large WebAssembly module. V8's optimising tier recompiles it in the background, which costs about
 * 60 MB of resident memory and a second of CPU at start, and for this workload runs no faster than the baseline
 * compiler (measured: 2,000 queries 1.1 s with Liftoff only, 2.2 s with tier-up). Set before the module compiles.
 */
export const useBaselineWasmCompiler = () => setFlagsFromString('--liftoff-only');
useBaselineWasmCompiler();

/**
 * PGlite's defaults (128 MB shared buffers and friends) make an idle server take 600+ MB. A back-office database
 * this size is well served by a few MB of cache, and the resident memory stays under 300 MB.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'wal_buffers=1MB',
];

/**
 * initdb runs a second WebAssembly Postgres whose memory the process never gives back (about 450 MB). Running it in
 * a short-lived child process keeps the server's own footprint small from its very first start.
 */
export const ensurePgliteCluster = async (dir: string): Promise<void> => {
  if (existsSync(join(dir, 'PG_VERSION'))) {
    return;
  }
  mkdirSync(dir, { recursive: true });
  // The build bundles it as its own entry beside main.js (apps/server/build.mjs).
  const child = fork(RUNS_BUILD ? serverPath('dist/pglite-initdb.js') : serverPath('src/db/pglite-initdb.ts'), [dir], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(join(dir, 'PG_VERSION'))) {
    // The child could not run (for example without the TypeScript loader); initialise in this process instead.
    const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
    await client.close();
  }
};

/**
 * Starts the embedded database in `dir` (an existing cluster: ensurePgliteCluster first), or in memory from a
 * migrated template (tests). main.ts calls it before loading the rest of the server's code, so that PostgreSQL's
 * WebAssembly compiles and its files are read while that code loads (docs/design.md#8-toolchain-facts).
 */
export const startPglite = (dir: string | undefined, template?: Blob): Promise<PGlite> =>
  PGlite.create(dir, {
    startParams: PGLITE_START_PARAMS,
    // Trigram indexes on searched columns (migration 0008) need the contrib extension loaded in every session.
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
