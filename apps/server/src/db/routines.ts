import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { serverPath } from '../paths';

/**
 * The database's functions and triggers, kept as source files (routines/*.sql, README.md beside this file) and applied
 * after drizzle's migrations at every start where they changed. A migration never (re)defines a function or a trigger:
 * the file holds its one current text, and routines.test.ts checks the live database against the files.
 */
export const ROUTINES_DIR = serverPath('src/db/routines');

/** What was applied: one row per file, with its content's hash and the newest migration it was applied after. */
const BOOKKEEPING_TABLE = 'drizzle.zaryad_routines';

export interface RoutineFile {
  name: string;
  script: string;
  hash: string;
}

/** The routine files in the order they are applied: by name (each file defines a function before its triggers). */
export const readRoutineFiles = (dir = ROUTINES_DIR): RoutineFile[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const script = readFileSync(join(dir, name), 'utf8');
      return { name, script, hash: createHash('sha256').update(script).digest('hex') };
    });

/**
 * One connection, as the two engines' clients offer it. `exec` runs a script of several statements (the simple query
 * protocol); `query` one statement with parameters.
 */
export interface RoutineSession {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export const pgliteSession = (client: PGlite | Transaction): RoutineSession => ({
  exec: async (script) => {
    await client.exec(script);
  },
  query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
});

export const postgresSession = (client: pg.ClientBase): RoutineSession => ({
  exec: async (script) => {
    await client.query(script);
  },
  query: async <Row>(text: string, params?: unknown[]) =>
    (await client.query<Row & pg.QueryResultRow>(text, params)).rows,
});

interface AppliedRow {
  name: string;
  hash: string;
  migration: string;
}

/**
 * Applies the routine files that changed since they were last applied, in one transaction: a file whose hash differs
 * from the recorded one, or every file once a migration has run since (a migration that rebuilt a table lost its
 * triggers; one that redefined a function is overruled by its file). Nothing changed: two small queries. Runs after
 * the migrations, under their lock on PostgreSQL. Returns the names of the files applied.
 */
export const applyRoutines = async (session: RoutineSession, dir = ROUTINES_DIR): Promise<string[]> => {
  const files = readRoutineFiles(dir);
  const [state] = await session.query<{ present: boolean; migration: string | null }>(
    `select to_regclass('${BOOKKEEPING_TABLE}') is not null as "present",
       (select max(created_at)::text from drizzle.__drizzle_migrations) as "migration"`,
  );
  const newestMigration = state?.migration ?? '0';
  const applied = state?.present
    ? await session.query<AppliedRow>(`select name, hash, migration::text as migration from ${BOOKKEEPING_TABLE}`)
    : [];
  const recorded = new Map(applied.map((row) => [row.name, row]));
  const stale = files.filter((file) => {
    const row = recorded.get(file.name);
    return !row || row.hash !== file.hash || BigInt(row.migration) < BigInt(newestMigration);
  });
  const gone = applied.filter((row) => !files.some((file) => file.name === row.name));
  if (stale.length === 0 && gone.length === 0) {
    return [];
  }
  await session.exec('BEGIN');
  try {
    await session.exec(
      `CREATE TABLE IF NOT EXISTS ${BOOKKEEPING_TABLE} (
         name text PRIMARY KEY, hash text NOT NULL, migration bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const file of stale) {
      try {
        await session.exec(file.script);
      } catch (error) {
        throw new Error(`routine file ${file.name}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      await session.query(
        `insert into ${BOOKKEEPING_TABLE} (name, hash, migration) values ($1, $2, $3)
         on conflict (name) do update set hash = excluded.hash, migration = excluded.migration, applied_at = now()`,
        [file.name, file.hash, newestMigration],
      );
    }
    if (gone.length > 0) {
      await session.query(`delete from ${BOOKKEEPING_TABLE} where name = any($1)`, [gone.map((row) => row.name)]);
    }
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK');
    throw error;
  }
  return stale.map((file) => file.name);
};
