import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { charges } from '../modules/charges/charges.tables';
import { appUsers } from '../modules/users/users.tables';
import { buildCharge, buildPricedStation } from '../test/charge-builders';
import { createTestDatabase } from '../test/test-database';
import { buildUser } from '../test/user-builders';
import { placeholder, prepared } from './prepared';

// Statements built once and run by name (prepared.ts) answer what the same builder answers when built on each call,
// on the embedded database and on PostgreSQL (where they run as named statements, several times on one connection).
let handle: DatabaseHandle;
const db = () => handle.db;
let stationId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  stationId = await buildPricedStation(db());
});

afterAll(async () => {
  await handle.close();
});

const chargeWithUser = prepared('test_prepared_charge_with_user', (database) =>
  database
    .select()
    .from(charges)
    .leftJoin(appUsers, eq(appUsers.id, charges.userId))
    .where(eq(charges.id, sql.placeholder('chargeId'))),
);
const startedBy = prepared('test_prepared_started_by', (database) =>
  database
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.stationId, sql.placeholder('stationId')),
        sql`${charges.startedAt} <= ${placeholder(charges.startedAt, 'at')}`,
      ),
    ),
);
const setBreakdown = prepared('test_prepared_set_breakdown', (database) =>
  database
    .update(charges)
    .set({
      costBreakdown: placeholder(charges.costBreakdown, 'breakdown'),
      updatedAt: placeholder(charges.updatedAt, 'updatedAt'),
    })
    .where(eq(charges.id, sql.placeholder('chargeId')))
    .returning({ costBreakdown: charges.costBreakdown, updatedAt: charges.updatedAt }),
);

describe('prepared statements', () => {
  it('map rows as the builder does, a left join without a match included, call after call', async () => {
    const user = await buildUser(db());
    const paid = await buildCharge(db(), { userId: user.id, stationId, meterWh: 3_000 });
    const anonymous = await buildCharge(db(), { userId: null, stationId, paymentMethod: 'cash' });
    for (let round = 0; round < 7; round += 1) {
      for (const id of [paid.id, anonymous.id]) {
        const built = await db()
          .select()
          .from(charges)
          .leftJoin(appUsers, eq(appUsers.id, charges.userId))
          .where(eq(charges.id, id));
        expect(await chargeWithUser(db(), { chargeId: id })).toEqual(built);
      }
    }
    const [withoutUser] = await chargeWithUser(db(), { chargeId: anonymous.id });
    expect(withoutUser?.app_users).toBeNull();
    expect(typeof withoutUser?.charges.pricePerKwh).toBe('bigint');
  });

  it('convert a placeholder compared with a column as the column does, and run in a transaction', async () => {
    const startedAt = new Date('2026-03-01T10:00:00.000Z');
    const charge = await buildCharge(db(), { userId: null, stationId, paymentMethod: 'cash', startedAt });
    const found = await db().transaction(async (tx) => ({
      at: await startedBy(tx, { stationId, at: startedAt }),
      before: await startedBy(tx, { stationId, at: new Date(startedAt.getTime() - 1) }),
    }));
    expect(found.at.map((row) => row.id)).toContain(charge.id);
    expect(found.before.map((row) => row.id)).not.toContain(charge.id);
  });

  it('write a null as SQL NULL, not as JSON null, and other values through the column', async () => {
    const charge = await buildCharge(db(), { userId: null, stationId, paymentMethod: 'cash' });
    const updatedAt = new Date('2026-03-02T11:22:33.444Z');
    const [filled] = await setBreakdown(db(), { chargeId: charge.id, breakdown: { energy: '1.00' }, updatedAt });
    expect(filled).toEqual({ costBreakdown: { energy: '1.00' }, updatedAt });
    const [cleared] = await setBreakdown(db(), { chargeId: charge.id, breakdown: null, updatedAt });
    expect(cleared?.costBreakdown).toBeNull();
    const stored = (await db().execute(
      sql`select ${charges.costBreakdown} is null as "isNull" from ${charges} where ${charges.id} = ${charge.id}`,
    )) as unknown as { rows: { isNull: boolean }[] };
    expect(stored.rows[0]?.isNull).toBe(true);
  });

  it('refuses a name given to another text', async () => {
    const other = prepared('test_prepared_set_breakdown', (database) =>
      database.select({ id: charges.id }).from(charges).limit(1),
    );
    await expect(other(db())).rejects.toThrow(/defined twice/);
  });
});
