// Vitest global setup (PGlite): migrates one embedded database and hands its files to every test file, which
// loads them instead of running initdb and the migrations again (about 1 s instead of 3 s per file).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'zaryad-test-template-'));
  // openDatabase migrates and runs the seed step: the template carries the reference data every file expects.
  const handle = await openDatabase({ seedReferenceData });
  const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const path = join(dir, 'pgdata.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
