import type { TStopChargeResult } from '@zaryad/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, chargeAuditOf, buildPricedStation } from '../../test/charge-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { balanceEntries } from '../users';
import { charges } from './charges.tables';

// The double stop on PostgreSQL, where concurrent requests really run on separate connections (PGlite has one):
// the engine's row lock lets one stop book the charge, the others find it ended. Runs in the PostgreSQL run only.
let context: TestContext;
let headers: { authorization: string };
let stationId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  stationId = await buildPricedStation(db());
});

afterAll(async () => {
  await context.close();
});

const CHARGES = 6;
const STOPS_EACH = 5;

describe('concurrent stops on PostgreSQL', () => {
  it('stops each charge once: one success, one debit, one audit entry', async () => {
    const running = await Promise.all(
      Array.from({ length: CHARGES }, async () => {
        const user = await buildUser(db());
        await buildEntry(db(), user.id, { credit: '500.00' });
        const charge = await buildCharge(db(), { userId: user.id, stationId, meterWh: 5_000 });
        return { userId: user.id, chargeId: charge.id };
      }),
    );
    const answers = await Promise.all(
      running.flatMap(({ chargeId }) =>
        Array.from({ length: STOPS_EACH }, () =>
          context.app.inject({
            method: 'POST',
            url: '/api/v1/users/transactions/stop/',
            headers: { ...headers, 'accept-language': 'en' },
            payload: { transaction_id: chargeId, force: true },
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).every((code) => code === 200)).toBe(true);
    const results = answers.map((answer) => answer.json<TStopChargeResult>());
    expect(results.filter((result) => result.success)).toHaveLength(CHARGES);
    expect(new Set(results.filter((result) => !result.success).map((result) => result.detail))).toEqual(
      new Set(['The charge is not in progress: it has already ended']),
    );
    const ids = running.map(({ chargeId }) => chargeId);
    const stopped = await db().select({ status: charges.status }).from(charges).where(inArray(charges.id, ids));
    expect(stopped.every((row) => row.status === 'stopped')).toBe(true);
    expect(await db().select().from(balanceEntries).where(inArray(balanceEntries.chargeId, ids))).toHaveLength(CHARGES);
    const audit = await chargeAuditOf(db(), ids);
    expect(audit).toHaveLength(CHARGES);
    // 5 kWh at 20 som each: 100 som once.
    for (const { userId } of running) {
      expect(await balanceOf(db(), userId)).toBe(40_000n);
    }
  });
});
