import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../modules/accounts';
import { databaseUrlFor } from '../test/pg-urls';
import { MIGRATIONS_DIR } from './client';

// Several server processes may start at once on one PostgreSQL database (docs/design.md#6-beyond-one-machine): the migrations and the
// reference seed must run once, and every process must start. Runs in the PostgreSQL run only (vitest.pg.config.ts).
const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const childScript = fileURLToPath(new URL('./open-database.child.ts', import.meta.url));
const migrationCount = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

let database = '';
beforeEach(async () => {
  database = `zaryad_lock_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
});
afterEach(async () => {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

interface Child {
  ready: Promise<void>;
  exit: Promise<{ code: number | null; output: string }>;
  go(): void;
}

const startChild = (url: string): Child => {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, url], {
    cwd: serverDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) {
      markReady();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.once('exit', (code) => {
      // A child that dies before it is ready must not leave the test waiting.
      markReady();
      resolve({ code, output });
    });
  });
  return { ready, exit, go: () => child.stdin.write('go\n') };
};

const countRows = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migrations: number; roles: number; types: number; countries: number }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select count(*)::int from roles) as roles,
              (select count(*)::int from connector_types) as types,
              (select count(*)::int from countries) as countries`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
};

describe('start-up on one PostgreSQL database', () => {
  it('lets two processes start at once on a fresh database: both succeed, the schema is migrated once', async () => {
    const url = databaseUrlFor(baseUrl, database);
    const children = [startChild(url), startChild(url)];
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) {
      child.go();
    }
    const exits = await Promise.all(children.map((child) => child.exit));
    for (const { code, output } of exits) {
      expect(code, output).toBe(0);
      expect(output).toContain('opened');
    }
    const counts = await countRows(url);
    expect(counts).toMatchObject({ migrations: migrationCount, roles: BUILT_IN_ROLES.length, types: 9 });
    expect(counts?.countries).toBeGreaterThan(0);
  }, 60_000);
});
