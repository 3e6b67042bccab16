/**
 * The tables in code (schema.ts) and the migrations' snapshots agree: `drizzle-kit generate`, run on a copy of the
 * migrations folder, finds nothing to write. Otherwise a table change was made without its migration, or a migration
 * by hand changed a table without its snapshot, and the next generated migration would carry someone else's drift.
 * No database and no network: drizzle-kit only compares the schema with the newest snapshot.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

let copy = '';
beforeAll(() => {
  copy = join(mkdtempSync(join(tmpdir(), 'zaryad-drizzle-generate-')), 'drizzle');
  cpSync(MIGRATIONS_DIR, copy, { recursive: true });
});
afterAll(() => {
  rmSync(dirname(copy), { recursive: true, force: true });
});

/** Every file under a folder with its content, by relative path. */
const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(dir, path), readFileSync(path, 'utf8')];
      }),
  );

const generate = (out: string) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // drizzle-kit reads --out relative to its working directory.
    const child = spawn(
      process.execPath,
      [drizzleKit, 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', relative(serverDir, out)],
      // No terminal: a question (a rename?) cannot wait for an answer; the timeout ends a hung run.
      { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });

it('drizzle-kit generate finds nothing to generate: the schema and the snapshots agree', async () => {
  const before = contents(copy);
  const { code, output } = await generate(copy);
  expect(output).toContain('No schema changes, nothing to migrate');
  expect(code).toBe(0);
  expect(contents(copy)).toEqual(before);
}, 120_000);
