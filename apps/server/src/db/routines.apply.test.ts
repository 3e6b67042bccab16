/**
 * How the routine files are applied (routines.ts), on PGlite and PostgreSQL: a changed file is applied, an unchanged
 * one is not, a failing file leaves everything as it was, and a migration run since makes every file apply again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withRoutineSession } from '../test/routine-session';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { applyRoutines, type RoutineSession } from './routines';

let database: DatabaseHandle;
let dir = '';

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'zaryad-routines-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const probeFunction = (answer: number) =>
  `-- A probe.\nCREATE OR REPLACE FUNCTION "zz_probe"() RETURNS integer LANGUAGE sql AS $$ SELECT ${answer} $$;\n`;

const probe = async (session: RoutineSession) =>
  (await session.query<{ answer: number }>('select zz_probe() as answer'))[0]?.answer;

const recorded = async (session: RoutineSession) =>
  (await session.query<{ name: string }>('select name from drizzle.zaryad_routines order by name')).map(
    (row) => row.name,
  );

it('applies a changed file once, leaves an unchanged one, and records what it applied', async () => {
  await withRoutineSession(database, async (session) => {
    // The test database was opened from a migrated template: the real files are recorded there.
    expect(await recorded(session)).toContain('analytics.sql');
    writeFileSync(join(dir, 'probe.sql'), probeFunction(1));
    expect(await applyRoutines(session, dir)).toEqual(['probe.sql']);
    expect(await probe(session)).toBe(1);
    // Files no longer in the folder are forgotten.
    expect(await recorded(session)).toEqual(['probe.sql']);
    expect(await applyRoutines(session, dir)).toEqual([]);
    writeFileSync(join(dir, 'probe.sql'), probeFunction(2));
    expect(await applyRoutines(session, dir)).toEqual(['probe.sql']);
    expect(await probe(session)).toBe(2);
  });
});

it('applies nothing of a set in which one file fails, and names that file', async () => {
  await withRoutineSession(database, async (session) => {
    writeFileSync(join(dir, 'probe.sql'), probeFunction(3));
    writeFileSync(join(dir, 'zz-broken.sql'), 'CREATE OR REPLACE FUNCTION "zz_broken"() RETURNS integer LANGUAGE sql AS $$ SELEC 1 $$;\n');
    await expect(applyRoutines(session, dir)).rejects.toThrow(/zz-broken\.sql/);
    expect(await probe(session)).toBe(2);
    expect(await recorded(session)).toEqual(['probe.sql']);
    rmSync(join(dir, 'zz-broken.sql'));
    expect(await applyRoutines(session, dir)).toEqual(['probe.sql']);
    expect(await probe(session)).toBe(3);
  });
});

it('applies every file again once a migration has run since', async () => {
  await withRoutineSession(database, async (session) => {
    writeFileSync(join(dir, 'other.sql'), '-- Nothing but a comment.\n');
    expect(await applyRoutines(session, dir)).toEqual(['other.sql']);
    expect(await applyRoutines(session, dir)).toEqual([]);
    // A migration applied by this start: drizzle records it with its journal time, newer than the others.
    await session.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at)
       select 'a-newer-migration', max(created_at) + 1 from drizzle.__drizzle_migrations`,
    );
    expect(await applyRoutines(session, dir)).toEqual(['other.sql', 'probe.sql']);
    expect(await applyRoutines(session, dir)).toEqual([]);
  });
});
