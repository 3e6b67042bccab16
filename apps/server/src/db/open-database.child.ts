// A server's start-up in a process of its own, for migration-lock.pg.test.ts: it loads the code, says `ready`, waits
// for `go` on stdin so that every process opens the database at the same moment, then opens (migrates, seeds) it.
import { createInterface } from 'node:readline';
import { seedReferenceData } from '../seed/reference';
import { openDatabase } from './client';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  throw new Error('usage: open-database.child.ts <database url>');
}
const lines = createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
process.stdout.write('ready\n');
await go;
lines.close();
const handle = await openDatabase({ databaseUrl, poolSize: 2, seedReferenceData });
await handle.close();
process.stdout.write('opened\n');
