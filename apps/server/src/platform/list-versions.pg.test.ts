import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildCharge, buildPricedStation } from '../test/charge-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildEntry, buildUser } from '../test/user-builders';
import { charges, startCharge } from '../modules/charges';

// Charge starts from two transactions on PostgreSQL, where they really run on separate connections (PGlite has one).
// Every charge start and finish used to update the charges' one list_versions row, so each waited for the transaction
// before it to commit (issue 32); now each statement adds a list_changes row of its own. (A finish also keeps the
// analytics' network-wide row of its hour, another row two finishes share: the rollups' matter, not the list's.)
let context: TestContext;
let headers: Record<string, string>;
const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
});

afterAll(async () => {
  await context.close();
});

/** The statement of a backend of this database seen waiting for a lock, looked for until `done` says stop. */
const firstLockWait = async (done: () => boolean): Promise<string | null> => {
  while (!done()) {
    const { rows } = (await db().execute(sql`
      select query from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
      limit 1`)) as unknown as { rows: { query: string }[] };
    if (rows[0]) {
      return rows[0].query;
    }
  }
  return null;
};

/** A charge's start on its own station, for its own driver and platform: no rollup row is shared either. */
const chargeStart = async (platform: 1 | 2) => {
  const stationId = await buildPricedStation(db());
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: '500.00' });
  return {
    userId: user.id,
    stationId,
    connectorOcppId: 1,
    source: 'app',
    paymentMethod: 'personal_balance',
    appVersion: '2.4.1',
    platform,
  } as const;
};

const total = async (query: string) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/v1/users/transactions/?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number }>().total;
};

const countWhere = async (condition: ReturnType<typeof sql>) => {
  const { rows } = (await db().execute(sql`select count(*)::int as n from charges where ${condition}`)) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? -1;
};

describe('the charges list version on PostgreSQL', () => {
  it('starts a charge while another start, its charge written, is still open; counts stay exact', async () => {
    // A charge before, so that the lists below have rows; a deep page is counted and remembered against the version.
    const earlier = await chargeStart(1);
    await buildCharge(db(), { ...earlier, meterWh: 1_000 });
    const deepQuery = 'size=1&page=1001';
    const userQuery = (userId: number) => `size=10&search_by_user_id=${userId}`;
    expect(await total(deepQuery)).toBe(await countWhere(sql`true`));
    const first = await chargeStart(1);
    const second = await chargeStart(2);
    expect(await total(userQuery(second.userId))).toBe(0);

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const holding = db().transaction(async (tx) => {
      await startCharge(tx, first);
      entered();
      await released;
    });
    await inside;
    let secondDone = false;
    const starting = db()
      .transaction((tx) => startCharge(tx, second))
      .finally(() => (secondDone = true));
    // Either the second start commits, or it is seen waiting for a lock (then the first is let go).
    const waited = await firstLockWait(() => secondDone);
    release();
    await Promise.all([holding, starting]);
    expect(waited).toBeNull();

    // Both starts moved the version: the remembered counts are made again, exactly.
    expect(await total(deepQuery)).toBe(await countWhere(sql`true`));
    expect(await total(userQuery(first.userId))).toBe(1);
    expect(await total(userQuery(second.userId))).toBe(1);
    expect(await total('size=1&page=1001&status=in_progress')).toBe(
      await countWhere(eq(charges.status, 'in_progress')),
    );
  });
});
