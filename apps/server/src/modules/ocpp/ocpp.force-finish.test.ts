import type { TCharge, TPaged, TStopChargeResult } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { buildCharge, buildRunningCharge, chargeAuditOf } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { buildSilentChargePoint } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf } from '../../test/user-builders';
import { charges } from '../charges';
import { balanceEntries } from '../users';

// Force finish (issue 17, item 3): a charge whose charge point is gone is closed without it only with force and only
// after OCPP_FORCE_FINISH_AFTER_S of silence (set to 900 here, to see the setting taken); a station that never had a
// charge point at once. The charge point's silence is its charge_points row's last message time.
let context: TestContext;
let admin: BuiltAccount;
let headers: { authorization: string };
let merchantId: number;

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_FORCE_FINISH_AFTER_S = '900';
  context = await createTestContext();
  admin = await buildAccount(db(), { roleKey: 'superadmin' });
  headers = (await signIn(context.app, admin)).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  await context.close();
  delete process.env.OCPP_FORCE_FINISH_AFTER_S;
});

/**
 * A station whose charge point was last heard `silentS` seconds ago (connected or not), and a charge there of a user
 * with 500 som, running with 5 kWh on the meter at 20 som per kWh.
 */
const chargeAtSilentStation = async (silentS: number | null, options: { connected?: boolean } = {}) => {
  const station = await buildStation(db(), { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });
  if (silentS !== null) {
    await buildSilentChargePoint(db(), station.id, silentS, options);
  }
  const { user, charge } = await buildRunningCharge(db(), station.id);
  return { station, user, charge };
};

const stop = (payload: object, language = 'en') =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/users/transactions/stop/',
    headers: { ...headers, 'accept-language': language },
    payload,
  });

const chargeRow = async (id: number) => (await db().select().from(charges).where(eq(charges.id, id)))[0];

const auditOf = (chargeId: number) => chargeAuditOf(db(), [chargeId]);

const debitsOf = (chargeId: number) => db().select().from(balanceEntries).where(eq(balanceEntries.chargeId, chargeId));

const listed = async (chargeId: number) =>
  (
    await context.app.inject({ method: 'GET', url: `/api/v1/users/transactions/?search_by_id=${chargeId}`, headers })
  ).json<TPaged<TCharge>>().items[0];

describe('force finish of a charge whose charge point is gone', () => {
  it.each([
    ['en', 'it can be closed without it in 10 min'],
    ['ru', 'закрыть зарядку без неё можно через 10 мин'],
    ['ky', 'кубаттоону түзмөксүз 10 мүнөттөн кийин жабууга болот'],
  ])('refuses too early (%s): silent 5 minutes of 15, with the minutes left', async (language, left) => {
    const { user, charge } = await chargeAtSilentStation(300);
    const before = await chargeRow(charge.id);
    const response = await stop({ transaction_id: charge.id, force: true }, language);
    expect(response.statusCode).toBe(200);
    const result = response.json<TStopChargeResult>();
    expect(result.success).toBe(false);
    expect(result.detail).toContain(left);
    expect(await chargeRow(charge.id)).toEqual(before);
    expect(await balanceOf(db(), user.id)).toBe(50_000n);
    expect(await auditOf(charge.id)).toHaveLength(0);
  });

  it('refuses without force once the time has passed, and says force is needed', async () => {
    const { charge } = await chargeAtSilentStation(1_000);
    const response = await stop({ transaction_id: charge.id });
    expect(response.json<TStopChargeResult>()).toEqual({
      success: false,
      detail: "The station's charge point is offline: confirm closing the charge without it, at its last meter reading",
    });
    expect((await chargeRow(charge.id))?.status).toBe('in_progress');
  });

  it('shows the charge point of a running charge in the list: offline, silent for, force finish in', async () => {
    const early = await chargeAtSilentStation(300);
    expect((await listed(early.charge.id))?.charge_point).toEqual({
      state: 'offline',
      silent_for: expect.any(Number),
      force_finish_in: expect.any(Number),
    });
    const point = (await listed(early.charge.id))?.charge_point;
    expect(Math.abs((point?.silent_for ?? 0) - 300)).toBeLessThan(5);
    expect(Math.abs((point?.force_finish_in ?? 0) - 600)).toBeLessThan(5);
    const late = await chargeAtSilentStation(1_000, { connected: true });
    // Connected but silent for over three heartbeat intervals: offline, and closable now.
    expect((await listed(late.charge.id))?.charge_point).toMatchObject({ state: 'offline', force_finish_in: 0 });
  });

  it('closes it with force after the time: at its last meter reading, flagged, debited once, audited', async () => {
    const { user, charge } = await chargeAtSilentStation(1_000, { connected: true });
    const response = await stop({ transaction_id: charge.id, force: true });
    expect(response.json<TStopChargeResult>()).toEqual({ success: true });
    expect(await chargeRow(charge.id)).toMatchObject({
      status: 'stopped',
      transactionStatus: 'successful',
      closedBy: 'force',
      meterStopWh: 6_000,
      energyWh: 5_000,
      totalCost: 10_000n,
    });
    // 5 kWh at 20 som, once: a second force stop finds it ended.
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    expect((await stop({ transaction_id: charge.id, force: true })).json<TStopChargeResult>()).toEqual({
      success: false,
      detail: 'The charge is not in progress: it has already ended',
    });
    expect(await debitsOf(charge.id)).toMatchObject([{ debit: 10_000n, accountId: admin.id }]);
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    // Audited once, by the account, as a force finish of a charge point that went offline.
    const [entry, ...more] = await auditOf(charge.id);
    expect(more).toEqual([]);
    expect([entry?.actorId, entry?.action]).toEqual([admin.id, 'force_finish']);
    expect(entry?.changes).toMatchObject({ closed_by: { after: 'force' }, charge_point: { after: 'offline' } });
    expect(entry?.changes).toMatchObject({ total_cost: { before: '0.00', after: '100.00' } });
    const listedRow = await listed(charge.id);
    expect(listedRow).toMatchObject({ status: 'stopped', closed_by: 'force', charge_point: null });
  });

  it('closes a charge at a station that never had a charge point at once, with force', async () => {
    const { user, charge } = await chargeAtSilentStation(null);
    expect((await listed(charge.id))?.charge_point).toEqual({ state: 'none', silent_for: null, force_finish_in: 0 });
    expect((await stop({ transaction_id: charge.id, force: true })).json<TStopChargeResult>()).toEqual({
      success: true,
    });
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'stopped', closedBy: 'force' });
    expect(await debitsOf(charge.id)).toHaveLength(1);
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    expect((await auditOf(charge.id))[0]).toMatchObject({
      action: 'force_finish',
      changes: { charge_point: { before: null, after: 'none' } },
    });
  });

  it('flags a charge its charge point ended as closed by the charge point', async () => {
    const station = await buildStation(db(), { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });
    const charge = await buildCharge(db(), {
      userId: null,
      stationId: station.id,
      paymentMethod: 'cash',
      finish: { status: 'finished', meterStopWh: 2_000 },
    });
    expect((await listed(charge.id))?.closed_by).toBe('charge_point');
  });

  it('is in the OpenAPI document: closed_by and charge_point of a charge, force of a stop', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>().paths;
    const list = JSON.stringify(paths['/api/v1/users/transactions/']?.get);
    for (const word of ['closed_by', 'charge_point', 'force_finish_in', 'silent_for', 'auto']) {
      expect(list).toContain(word);
    }
    const stopRoute = paths['/api/v1/users/transactions/stop/']?.post;
    expect(JSON.stringify(stopRoute)).toContain('"force"');
    expect(stopRoute?.description).toContain('OCPP_FORCE_FINISH_AFTER_S');
  });
});
