import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { appUsers, userIdTags } from '../users';
import { networkListVersion, readLocalList } from './ocpp.local-list';
import { localAuthList } from './ocpp.local-list.tables';

// PostgreSQL only (vitest.pg.config.ts): the local authorization list's version under changes that really run side by
// side. Each change takes the next version under the version row's lock, held to its commit: two changes at once take
// two versions in their commit order, and a reader following the differentials never misses one.
let context: TestContext;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

const rowsOf = (tags: string[]) =>
  db()
    .select({ idTag: localAuthList.idTag, status: localAuthList.status, version: localAuthList.version })
    .from(localAuthList)
    .where(inArray(localAuthList.idTag, tags));

describe('the local list version under concurrent changes, on PostgreSQL', () => {
  it('two changes at once: the second waits for the first to commit, and they take two versions in that order', async () => {
    const blocked = await buildUser(db(), { idTags: [{ idTag: 'PG-LL-A', kind: 'rfid' }] });
    const added = await buildUser(db());
    const before = await networkListVersion(db());
    const pool = context.database.pool!;
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await first.query('update app_users set status = 1 where id = $1', [blocked.id]);
      const [{ pid }] = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
      await second.query('BEGIN');
      const inserting = second.query(`insert into user_id_tags (user_id, id_tag, kind) values ($1, 'PG-LL-B', 'rfid')`, [
        added.id,
      ]);
      // The second change queues on the version row, held by the first until its commit.
      await expect
        .poll(async () => {
          const { rows } = await pool.query<{ waiting: string | null }>(
            'select wait_event_type as waiting from pg_stat_activity where pid = $1',
            [pid],
          );
          return rows[0]?.waiting;
        })
        .toBe('Lock');
      await first.query('COMMIT');
      await inserting;
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect(await networkListVersion(db())).toBe(before + 2);
    const rows = await rowsOf(['PG-LL-A', 'PG-LL-B']);
    expect(rows.sort((a, b) => a.idTag.localeCompare(b.idTag))).toEqual([
      { idTag: 'PG-LL-A', status: 'Blocked', version: before + 1 },
      { idTag: 'PG-LL-B', status: 'Accepted', version: before + 2 },
    ]);
  });

  it('many changes at once, each its own transaction: one version each, and a reader of differentials misses none', async () => {
    const drivers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => buildUser(db(), { idTags: [{ idTag: `PG-RACE-${index}`, kind: 'rfid' }] })),
    );
    // The reader starts from a Full list, then follows the differentials while the changes run.
    const start = await readLocalList(db(), null);
    const cards = new Map(start.entries.map((entry) => [entry.idTag, entry.idTagInfo?.status]));
    let readerVersion = start.version;
    let pulls = 0;
    let changing = true;
    const pull = async () => {
      const changes = await readLocalList(db(), readerVersion);
      for (const entry of changes.entries) {
        if (entry.idTagInfo) {
          cards.set(entry.idTag, entry.idTagInfo.status);
        } else {
          cards.delete(entry.idTag);
        }
      }
      readerVersion = changes.version;
      pulls += 1;
    };
    const reader = (async () => {
      while (changing) {
        await pull();
      }
    })();

    // Each driver, in turn: blocked, a second card added (blocked with them), the first card removed; drivers at once.
    await Promise.all(
      drivers.map(async (driver, index) => {
        await db().transaction((tx) => tx.update(appUsers).set({ status: 1 }).where(eq(appUsers.id, driver.id)));
        await db().transaction((tx) =>
          tx.insert(userIdTags).values({ userId: driver.id, idTag: `PG-RACE-${index}-B`, kind: 'rfid' }),
        );
        await db().transaction((tx) => tx.delete(userIdTags).where(eq(userIdTags.idTag, `PG-RACE-${index}`)));
      }),
    );
    changing = false;
    await reader;
    await pull();

    const changes = drivers.length * 3;
    expect(await networkListVersion(db())).toBe(start.version + changes);
    const full = await readLocalList(db(), null);
    expect(cards).toEqual(new Map(full.entries.map((entry) => [entry.idTag, entry.idTagInfo?.status])));
    expect(readerVersion).toBe(full.version);
    for (let index = 0; index < drivers.length; index += 1) {
      expect(cards.has(`PG-RACE-${index}`)).toBe(false);
      expect(cards.get(`PG-RACE-${index}-B`)).toBe('Blocked');
    }
    // Every change's row carries a version of its own.
    const changed = await db()
      .select({ version: localAuthList.version })
      .from(localAuthList)
      .where(and(gt(localAuthList.version, start.version)));
    const versions = changed.map(({ version }) => version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions.length).toBe(drivers.length * 2);
    console.info(`local list race: ${changes} changes, the reader pulled ${pulls} times`);
  }, 60_000);
});
