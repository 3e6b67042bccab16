/**
 * The database's functions and triggers are the routine files' (db/README.md), on PGlite and on PostgreSQL: nothing in
 * the database that no file defines, nothing a file defines missing or different, and no migration after the files
 * took over that (re)defines one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRoutineSession } from '../test/routine-session';
import { createTestDatabase } from '../test/test-database';
import { type DatabaseHandle, MIGRATIONS_DIR } from './client';
import { readRoutineFiles, type RoutineSession } from './routines';

/**
 * The newest migration that may still define functions or triggers: the history before the routine files. Later ones
 * may drop them, never create or replace them.
 */
const LAST_MIGRATION_DEFINING_ROUTINES = '0036_one_finish_path';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The app's functions (every schema but the system's; not an extension's) and its non-internal triggers. */
const APP_FUNCTIONS = `
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;
const APP_TRIGGERS = `from pg_trigger t where not t.tgisinternal`;

/** Each definition as the database prints it, by name; trailing blanks dropped, nothing else touched. */
const readDefinitions = async (session: RoutineSession): Promise<Record<string, string>> => {
  const functions = await session.query<{ name: string; definition: string }>(
    `select 'function ' || p.oid::regprocedure::text as name,
       case when p.prokind = 'a' then 'aggregate' else pg_get_functiondef(p.oid) end as definition ${APP_FUNCTIONS}`,
  );
  const triggers = await session.query<{ name: string; definition: string }>(
    `select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text as name,
       pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' (enabled: ' || t.tgenabled::text || ')' end
         as definition ${APP_TRIGGERS}`,
  );
  const tidy = (text: string) => text.replace(/[ \t]+$/gm, '').trimEnd();
  return Object.fromEntries([...functions, ...triggers].map((row) => [row.name, tidy(row.definition)]));
};

/** Inside a transaction that is rolled back: every app trigger and function dropped, then the files applied alone. */
const definitionsFromFiles = async (session: RoutineSession): Promise<Record<string, string>> => {
  await session.exec('BEGIN');
  try {
    const triggers = await session.query<{ drop: string }>(
      `select format('DROP TRIGGER %I ON %s', t.tgname, t.tgrelid::regclass) as drop ${APP_TRIGGERS}`,
    );
    const functions = await session.query<{ drop: string }>(
      `select format('DROP %s %s CASCADE', case p.prokind when 'a' then 'AGGREGATE' when 'p' then 'PROCEDURE'
         else 'FUNCTION' end, p.oid::regprocedure) as drop ${APP_FUNCTIONS}`,
    );
    for (const { drop } of [...triggers, ...functions]) {
      await session.exec(drop);
    }
    expect(await readDefinitions(session)).toEqual({});
    for (const file of readRoutineFiles()) {
      await session.exec(file.script);
    }
    return await readDefinitions(session);
  } finally {
    await session.exec('ROLLBACK');
  }
};

describe('the routine files', () => {
  it('are what the database holds: the same functions and triggers, each with the same text', async () => {
    await withRoutineSession(database, async (session) => {
      const live = await readDefinitions(session);
      const fromFiles = await definitionsFromFiles(session);
      const names = [...new Set([...Object.keys(live), ...Object.keys(fromFiles)])].sort();
      // Named first, so that a failure says where to look; the texts' diff follows. onlyInDatabase: created by a
      // migration (or left after its file lost it): move it into a file under src/db/routines, or drop it in a migration.
      expect({
        onlyInDatabase: names.filter((name) => !(name in fromFiles)),
        onlyInFiles: names.filter((name) => !(name in live)),
        different: names.filter((name) => name in live && name in fromFiles && live[name] !== fromFiles[name]),
      }).toEqual({ onlyInDatabase: [], onlyInFiles: [], different: [] });
      expect(live).toEqual(fromFiles);
      expect(Object.keys(live).filter((name) => name.startsWith('function ')).length).toBeGreaterThan(0);
      expect(Object.keys(live).filter((name) => name.startsWith('trigger ')).length).toBeGreaterThan(0);
    });
  });

  it('are the only place a function or trigger is defined: no migration after them creates or replaces one', () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((entry) => entry.tag);
    const cut = tags.indexOf(LAST_MIGRATION_DEFINING_ROUTINES);
    expect(cut).toBeGreaterThanOrEqual(0);
    const defining = /\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?(?:FUNCTION|PROCEDURE|TRIGGER|AGGREGATE)|ALTER\s+(?:FUNCTION|PROCEDURE|TRIGGER|AGGREGATE))\b/i;
    const offending = tags.slice(cut + 1).filter((tag) => {
      const text = readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').replace(/--[^\n]*/g, '');
      return defining.test(text);
    });
    // A function or trigger changes in its file under src/db/routines (src/db/README.md), never in a migration.
    expect(offending).toEqual([]);
  });
});
