// Child process of ensurePgliteCluster(): creates an empty embedded database cluster in the given folder.
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

// Faster start for a one-off run (see useBaselineWasmCompiler in pglite.ts).
setFlagsFromString('--liftoff-only');

const dir = process.argv[2];
if (!dir) {
  process.exit(2);
}
const client = await PGlite.create(dir);
await client.close();
process.exit(0);
