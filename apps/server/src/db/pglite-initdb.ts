// Child process of ensurePgliteCluster(): creates the embedded database cluster in the given folder and applies the
// migrations and routines to it, so that the server opens a migrated database. Both run a WebAssembly Postgres whose
// memory grows with the work and is never given back (initdb alone about 450 MB, the migrations of a new database
// about 20 MB more in the server's instance); here it goes with this process.
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateEmbedded } from './client';
import { startPglite } from './pglite';

// Faster start for a one-off run (see useBaselineWasmCompiler in pglite.ts).
setFlagsFromString('--liftoff-only');

const dir = process.argv[2];
if (!dir) {
  process.exit(2);
}
const cluster = await PGlite.create(dir);
await cluster.close();
// Opened as the server opens it (its settings and extensions), for the migrations that need them.
const client = await startPglite(dir);
await migrateEmbedded(client, drizzle({ client }));
await client.close();
process.exit(0);
