import type { TStopChargeResult } from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { buildCharge, buildRunningCharge, chargeAuditOf } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { auditLog } from '../audit';
import { stations } from '../stations';
import { balanceEntries } from '../users';
import { charges } from './charges.tables';

// POST /users/transactions/stop/ in each state of a charge, its audit entry, the double stop and who may stop; and the
// station delete a charge now refuses. These stations never had a charge point: a stop is a force finish, allowed at
// once with force (modules/ocpp/ocpp.force-finish.test.ts has the charge points that went silent).
let context: TestContext;
let admin: BuiltAccount;
let headers: { authorization: string };
let stationId: number;
let merchantId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  admin = await buildAccount(db(), { roleKey: 'superadmin' });
  headers = (await signIn(context.app, admin)).headers;
  merchantId = (await buildMerchant(db())).id;
  stationId = (await buildStation(db(), { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] })).id;
});

afterAll(async () => {
  await context.close();
});

/** A user with 500 som and a charge of theirs paid by balance, running with 5 kWh on the meter. */
const runningCharge = () => buildRunningCharge(db(), stationId);

const stop = (payload: object, options: { language?: string; auth?: { authorization: string } } = {}) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/users/transactions/stop/',
    headers: { ...(options.auth ?? headers), 'accept-language': options.language ?? 'ru' },
    payload,
  });

const chargeRow = async (id: number) => {
  const [row] = await db().select().from(charges).where(eq(charges.id, id));
  return row;
};

const auditOf = (chargeId: number) => chargeAuditOf(db(), [chargeId]);

describe('POST /users/transactions/stop/', () => {
  it.each([
    ['ru', 'Зарядная станция не на связи: подтвердите закрытие зарядки без неё, по последнему показанию счётчика'],
    ['en', "The station's charge point is offline: confirm closing the charge without it, at its last meter reading"],
    [
      'ky',
      'Кубаттоо түзмөгү байланышта эмес: кубаттоону түзмөксүз, эсептегичтин акыркы көрсөткүчү боюнча жабууну ырастаңыз',
    ],
  ])('refuses a stop without force in %s and leaves the charge running', async (language, detail) => {
    const { user, charge } = await runningCharge();
    const before = await chargeRow(charge.id);
    for (const payload of [{ transaction_id: charge.id }, { transaction_id: charge.id, force: false }]) {
      const response = await stop(payload, { language });
      expect(response.statusCode).toBe(200);
      expect(response.json<TStopChargeResult>()).toEqual({ success: false, detail });
    }
    expect(await chargeRow(charge.id)).toEqual(before);
    expect(await balanceOf(db(), user.id)).toBe(50_000n);
    expect(await auditOf(charge.id)).toHaveLength(0);
  });

  it('stops a running charge at its last meter reading, books it and audits it', async () => {
    const { user, charge } = await runningCharge();
    const response = await stop({ transaction_id: charge.id, force: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TStopChargeResult>()).toEqual({ success: true });
    // 5 kWh at 20 som: 100 som off the balance, through the ledger, by the account that stopped it.
    expect(await chargeRow(charge.id)).toMatchObject({
      status: 'stopped',
      transactionStatus: 'successful',
      meterStopWh: 6_000,
      energyWh: 5_000,
      totalCost: 10_000n,
      closedBy: 'force',
    });
    expect((await chargeRow(charge.id))?.finishedAt).toBeInstanceOf(Date);
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id));
    expect(entries).toMatchObject([{ debit: 10_000n, accountId: admin.id }]);
    const audit = await auditOf(charge.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'force_finish',
      changes: {
        status: { before: 'in_progress', after: 'stopped' },
        closed_by: { before: null, after: 'force' },
        charge_point: { before: null, after: 'none' },
        transaction_status: { before: null, after: 'successful' },
        consumption_kwh: { before: '0.000', after: '5.000' },
        total_cost: { before: '0.00', after: '100.00' },
      },
    });
  });

  it('stops the charge of the user named with it', async () => {
    const { user, charge } = await runningCharge();
    const response = await stop({ transaction_id: charge.id, user_id: user.id, force: true });
    expect(response.json<TStopChargeResult>()).toEqual({ success: true });
    expect((await chargeRow(charge.id))?.status).toBe('stopped');
  });

  it.each([
    ['ru', 'Зарядка не идёт: она уже завершена'],
    ['en', 'The charge is not in progress: it has already ended'],
    ['ky', 'Кубаттоо жүрүп жаткан жок: ал мурда эле бүткөн'],
  ])('refuses a finished charge in %s and changes nothing', async (language, detail) => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    const charge = await buildCharge(db(), {
      userId: user.id,
      stationId,
      finish: { status: 'finished', meterStopWh: 2_000 },
    });
    const before = await chargeRow(charge.id);
    const response = await stop({ transaction_id: charge.id, force: true }, { language });
    expect(response.statusCode).toBe(200);
    expect(response.json<TStopChargeResult>()).toEqual({ success: false, detail });
    expect(await chargeRow(charge.id)).toEqual(before);
    // 2 kWh = 40 som, taken once when it finished.
    expect(await balanceOf(db(), user.id)).toBe(46_000n);
    expect(await auditOf(charge.id)).toHaveLength(0);
  });

  it.each([
    ['ru', 'Зарядка не найдена'],
    ['en', 'Charge not found'],
    ['ky', 'Кубаттоо табылган жок'],
  ])('refuses a missing charge in %s', async (language, detail) => {
    const response = await stop({ transaction_id: 987_654_321 }, { language });
    expect(response.statusCode).toBe(200);
    expect(response.json<TStopChargeResult>()).toEqual({ success: false, detail });
  });

  it.each([
    ['ru', 'Эта зарядка принадлежит другому пользователю'],
    ['en', 'This charge belongs to another user'],
    ['ky', 'Бул кубаттоо башка колдонуучуга таандык'],
  ])("refuses someone else's charge in %s and leaves it running", async (language, detail) => {
    const { user, charge } = await runningCharge();
    const other = await buildUser(db());
    const before = await chargeRow(charge.id);
    const response = await stop({ transaction_id: charge.id, user_id: other.id }, { language });
    expect(response.statusCode).toBe(200);
    expect(response.json<TStopChargeResult>()).toEqual({ success: false, detail });
    expect(await chargeRow(charge.id)).toEqual(before);
    expect(await balanceOf(db(), user.id)).toBe(50_000n);
    expect(await auditOf(charge.id)).toHaveLength(0);
  });

  it('stops a charge once when two stops arrive together', async () => {
    const { user, charge } = await runningCharge();
    const answers = await Promise.all([
      stop({ transaction_id: charge.id, force: true }, { language: 'en' }),
      stop({ transaction_id: charge.id, force: true }, { language: 'en' }),
    ]);
    const results = answers.map((answer) => answer.json<TStopChargeResult>());
    expect(results.filter((result) => result.success)).toHaveLength(1);
    expect(results.filter((result) => !result.success)).toEqual([
      { success: false, detail: 'The charge is not in progress: it has already ended' },
    ]);
    expect(await db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, charge.id))).toHaveLength(1);
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    expect(await auditOf(charge.id)).toHaveLength(1);
  });

  it.each([
    [{ transaction_id: 'abc' }, 'transaction_id'],
    [{}, 'transaction_id'],
    [{ transaction_id: 0 }, 'transaction_id'],
    [{ transaction_id: 1, user_id: 'x' }, 'user_id'],
    [{ transaction_id: 1, force: 'yes' }, 'force'],
  ])('answers 400 on the field of %j', async (payload, field) => {
    const response = await stop(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Record<string, string[]>>())).toContain(field);
  });

  it('answers 403 to a role without charges.stop, and leaves the charge running', async () => {
    const analyst = await signIn(context.app, await buildAccount(db(), { roleKey: 'analyst' }));
    const { charge } = await runningCharge();
    const refused = await stop({ transaction_id: charge.id, force: true }, { auth: analyst.headers });
    expect(refused.statusCode).toBe(403);
    expect((await chargeRow(charge.id))?.status).toBe('in_progress');
    // The analyst reads the list and its totals.
    for (const url of ['/api/v1/users/transactions/', '/api/v1/users/transactions/totals/']) {
      const response = await context.app.inject({ method: 'GET', url, headers: analyst.headers });
      expect(response.statusCode).toBe(200);
    }
    // An operator stops charges.
    const operator = await signIn(context.app, await buildAccount(db(), { roleKey: 'operator' }));
    const stopped = await stop({ transaction_id: charge.id, force: true }, { auth: operator.headers });
    expect(stopped.json<TStopChargeResult>()).toEqual({ success: true });
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/transactions/stop/',
      payload: { transaction_id: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /stations/{id}/ of a station with charges', () => {
  it.each([
    ['ru', 'Станцию с зарядками нельзя удалить: по ним считается её оборот. Деактивируйте её.'],
    ['en', 'A station with charges cannot be deleted: its turnover is counted from them. Deactivate it instead.'],
    [
      'ky',
      'Кубаттоолору бар станцияны өчүрүүгө болбойт: анын жүгүртүүсү алар боюнча эсептелет. Анын ордуна активсиздештириңиз.',
    ],
  ])('answers a 400 array of the translated refusal (%s) and keeps it', async (language, message) => {
    const station = await buildStation(db(), {
      merchantId,
      isActive: false,
      connectors: [{ evse_id: 1, custom_fee: '15.00' }],
    });
    const user = await buildUser(db());
    await buildCharge(db(), {
      userId: user.id,
      stationId: station.id,
      paymentMethod: 'cash',
      finish: { status: 'finished', meterStopWh: 1_000 },
    });
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/stations/${station.id}/`,
      headers: { ...headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual([message]);
    expect(await db().select({ id: stations.id }).from(stations).where(eq(stations.id, station.id))).toHaveLength(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'station'), eq(auditLog.entityId, String(station.id))));
    expect(audit).toHaveLength(0);
  });

  it('still deletes an inactive station without charges', async () => {
    const station = await buildStation(db(), { merchantId, isActive: false });
    const response = await context.app.inject({ method: 'DELETE', url: `/api/v1/stations/${station.id}/`, headers });
    expect(response.statusCode).toBe(204);
  });
});
