import type { TIncident, TIncidentDetail, TAlertRuleList, TAlertRuleSetting } from '@zaryad/contracts/alerts-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../accounts';
import { auditLog } from '../audit';
import { recordMeterValue } from '../charges';
import { buildSimulatedStation, type SimulatedChargePoint } from '../../test/alert-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation, buildRunningCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, buildSilentChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { chargePointCommands, chargePoints, chargePointStatusHistory, ocppBusOf } from '../ocpp';
import { checkLedger, evaluateRules, ledgerCheckDue } from './alerts.evaluate';
import { incidentEvents, incidents } from './alerts.tables';

// Issue 35, items 1 and 2 (docs/product/alerts.md): each rule raised and cleared, by a simulated charge point on a real
// websocket or by data from the builders evaluated at a given time; folding; the incidents API and its permissions.
let context: TestContext;
let endpoint: string;
let merchantId: number;
let manager: { authorization: string };
let operator: { authorization: string };
let analyst: { authorization: string };
let outsider: { authorization: string };
let operatorId: number;
const points: SimulatedChargePoint[] = [];
const busMessages: unknown[] = [];

const db = () => context.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  process.env.OCPP_STATUS_ON_CONNECT = 'off';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  merchantId = (await buildMerchant(db())).id;
  manager = (await signIn(context.app, await buildAccount(db(), { roleKey: 'manager' }))).headers;
  const operatorAccount = await buildAccount(db(), { roleKey: 'operator', lastName: 'Sydykov', firstName: 'Bakyt' });
  operatorId = operatorAccount.id;
  operator = (await signIn(context.app, operatorAccount)).headers;
  analyst = (await signIn(context.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
  await db()
    .insert(roles)
    .values({ key: 'alerts_none', name: 'No alerts', permissions: ['stations.view'] });
  outsider = (await signIn(context.app, await buildAccount(db(), { roleKey: 'alerts_none' }))).headers;
  ocppBusOf(context.app)?.subscribe('ocpp_events', (message) => busMessages.push(message));
});

afterAll(async () => {
  for (const point of points) {
    await point.close().catch(() => undefined);
  }
  await context.close();
  delete process.env.OCPP_STATUS_ON_CONNECT;
});

const simulate = async () => {
  const simulated = await buildSimulatedStation(db(), context.config, endpoint, {
    merchantId,
    nameEn: 'Ala-Too Square',
  });
  points.push(simulated.point);
  return simulated;
};

const list = async (query: string, headers = manager, language = 'en') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/incidents/?${query}`,
    headers: { ...headers, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: TIncident[]; total: number }>();
};

const detail = async (id: number) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/v1/incidents/${id}/`, headers: manager });
  expect(response.statusCode).toBe(200);
  return response.json<TIncidentDetail>();
};

/** Polls until `check` answers something, or fails after `ms`. */
const eventually = async <T>(check: () => Promise<T | undefined>, ms = 3_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error('not in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const incidentsOf = (stationId: number, rule: string) =>
  db()
    .select()
    .from(incidents)
    .where(and(eq(incidents.stationId, stationId), eq(incidents.rule, rule)))
    .orderBy(incidents.id);

const eventsOf = async (incidentId: number) =>
  (
    await db().select().from(incidentEvents).where(eq(incidentEvents.incidentId, incidentId)).orderBy(incidentEvents.id)
  ).map((row) => row.event);

const putRule = (rule: string, payload: object, headers = manager, language = 'en') =>
  context.app.inject({
    method: 'PUT',
    url: `/api/v1/alerts/rules/${rule}/`,
    headers: { ...headers, 'accept-language': language },
    payload,
  });

describe('a connector Faulted on a simulated charge point', () => {
  it('opens its incident within a second, folds a new fault into it and resolves it once Available', async () => {
    const { station, point } = await simulate();
    const started = Date.now();
    await point.status(2, 'Faulted', 'GroundFailure');
    const opened = await eventually(
      async () => (await list(`station_id=${station.id}&rule=connector_faulted`)).items[0],
      1_000,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(opened).toMatchObject({
      rule: 'connector_faulted',
      severity: 'critical',
      status: 'open',
      station: { id: station.id, name: 'Ala-Too Square' },
      merchant: { id: merchantId },
      connector_id: 2,
      count: 1,
      details: { status: 'Faulted', error_code: 'GroundFailure' },
    });
    // The same report again (a charge point repeating itself) is the same fault: nothing folds.
    await point.status(2, 'Faulted', 'GroundFailure');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await detail(opened.id)).count).toBe(1);
    await point.status(2, 'Faulted', 'OverCurrentFailure');
    await eventually(async () => ((await detail(opened.id)).count === 2 ? true : undefined));
    await point.status(2, 'Available');
    const resolved = await eventually(async () => {
      const incident = await detail(opened.id);
      return incident.status === 'resolved' ? incident : undefined;
    });
    expect(resolved).toMatchObject({
      resolution: 'cleared',
      resolved_by: null,
      count: 2,
      details: { error_code: 'OverCurrentFailure' },
    });
    expect(resolved.events.map((event) => event.event)).toEqual(['opened', 'repeated', 'resolved']);
    expect(resolved.events.every((event) => event.account === null)).toBe(true);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, String(opened.id))));
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(busMessages).toContainEqual({ type: 'incident', incidentId: opened.id, stationId: station.id });
    // A new fault after the clearing opens a new incident.
    await point.status(2, 'Faulted', 'GroundFailure');
    await eventually(async () =>
      (await incidentsOf(station.id, 'connector_faulted')).length === 2 ? true : undefined,
    );
  });

  it('leaves Unavailable alone unless the rule counts it', async () => {
    const { station, point } = await simulate();
    await point.status(1, 'Unavailable');
    const now = new Date();
    await evaluateRules(db(), { stationIds: [station.id] }, now, ['connector_faulted']);
    expect(await incidentsOf(station.id, 'connector_faulted')).toHaveLength(0);
    const put = await putRule('connector_faulted', {
      enabled: true,
      severity: 'warning',
      thresholds: { includeUnavailable: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      await evaluateRules(db(), { stationIds: [station.id] }, now, ['connector_faulted']);
      const [incident] = await incidentsOf(station.id, 'connector_faulted');
      expect(incident).toMatchObject({ severity: 'warning', connectorId: 1, details: { status: 'Unavailable' } });
    } finally {
      await putRule('connector_faulted', {
        enabled: true,
        severity: 'critical',
        thresholds: { includeUnavailable: false },
      });
    }
  });
});

describe('the rules evaluated at a given time', () => {
  it('station_offline: raised past N minutes of silence, not folded while the same silence lasts, cleared once heard', async () => {
    const station = await buildChargePointStation(db(), context.config, { merchantId });
    await buildSilentChargePoint(db(), station.id, 11 * 60, { connected: true, heartbeatIntervalS: 60 });
    const now = new Date();
    await evaluateRules(db(), { stationIds: [station.id] }, new Date(now.getTime() - 2 * MINUTE));
    expect(await incidentsOf(station.id, 'station_offline')).toHaveLength(0);
    await evaluateRules(db(), { stationIds: [station.id] }, now);
    await evaluateRules(db(), { stationIds: [station.id] }, new Date(now.getTime() + MINUTE));
    const [incident] = await incidentsOf(station.id, 'station_offline');
    expect(incident).toMatchObject({
      status: 'open',
      count: 1,
      merchantId,
      details: { minutes: 11, disconnected: false },
    });
    await db()
      .update(chargePoints)
      .set({ lastSeenAt: now, lastHeartbeatAt: now })
      .where(eq(chargePoints.stationId, station.id));
    await evaluateRules(db(), { stationIds: [station.id] }, now);
    const [cleared] = await incidentsOf(station.id, 'station_offline');
    expect(cleared).toMatchObject({ status: 'resolved', resolution: 'cleared' });
    expect(await eventsOf(cleared!.id)).toEqual(['opened', 'resolved']);
  });

  it('several stations evaluated together: each raised or cleared as alone, a station outside the set left as it is', async () => {
    const silent = await Promise.all(
      [0, 1, 2].map(async () => {
        const station = await buildChargePointStation(db(), context.config, { merchantId });
        await buildSilentChargePoint(db(), station.id, 11 * 60, { connected: true, heartbeatIntervalS: 60 });
        return station.id;
      }),
    );
    const [heard, stillSilent, outside] = silent as [number, number, number];
    const now = new Date();
    await evaluateRules(db(), { stationIds: silent }, now, ['station_offline']);
    for (const stationId of silent) {
      expect(await incidentsOf(stationId, 'station_offline')).toMatchObject([{ status: 'open' }]);
    }
    // Two of them are heard again; the set evaluated next holds one of those two and the one still silent.
    await db()
      .update(chargePoints)
      .set({ lastSeenAt: now, lastHeartbeatAt: now })
      .where(inArray(chargePoints.stationId, [heard, outside]));
    await evaluateRules(db(), { stationIds: [heard, stillSilent] }, now, ['station_offline']);
    expect(await incidentsOf(heard, 'station_offline')).toMatchObject([{ status: 'resolved', resolution: 'cleared' }]);
    expect(await incidentsOf(stillSilent, 'station_offline')).toMatchObject([{ status: 'open', count: 1 }]);
    expect(await incidentsOf(outside, 'station_offline')).toMatchObject([{ status: 'open' }]);
  });

  it('charge_no_meter_values and charge_no_energy: raised per charge with its user, cleared by a meter value', async () => {
    const stationId = await buildPricedStation(db(), [1, 1]);
    const { user, charge: silent } = await buildRunningCharge(db(), stationId, { silentS: 20 * 60 });
    const driver = await buildUser(db());
    await buildEntry(db(), driver.id, { credit: '500.00' });
    const now = new Date();
    const idle = await buildCharge(db(), {
      userId: driver.id,
      stationId,
      connectorOcppId: 2,
      startedAt: new Date(now.getTime() - 12 * MINUTE),
      meterStartWh: 1_000,
    });
    await evaluateRules(db(), { stationIds: [stationId] }, now, ['charge_no_meter_values', 'charge_no_energy']);
    const [stuck] = await incidentsOf(stationId, 'charge_no_meter_values');
    expect(stuck).toMatchObject({ chargeId: silent.id, userId: user.id, connectorId: 1, status: 'open' });
    const [empty] = await incidentsOf(stationId, 'charge_no_energy');
    expect(empty).toMatchObject({ chargeId: idle.id, userId: driver.id, connectorId: 2, details: { minutes: 12 } });
    const rows = await list(`station_id=${stationId}&rule=charge_no_meter_values`);
    expect(rows.items[0]).toMatchObject({ charge_id: silent.id, user: { id: user.id } });
    await recordMeterValue(db(), silent.id, 7_000);
    await recordMeterValue(db(), idle.id, 2_000);
    await evaluateRules(db(), { stationIds: [stationId] }, new Date(), ['charge_no_meter_values', 'charge_no_energy']);
    expect((await incidentsOf(stationId, 'charge_no_meter_values'))[0]).toMatchObject({
      status: 'resolved',
      resolution: 'cleared',
    });
    expect((await incidentsOf(stationId, 'charge_no_energy'))[0]).toMatchObject({
      status: 'resolved',
      resolution: 'cleared',
    });
  });

  it('charge_failed: a rejected RemoteStart and a charge ended in error fold into the connector incident once each', async () => {
    const stationId = await buildPricedStation(db());
    await db()
      .insert(chargePointCommands)
      .values({
        stationId,
        action: 'RemoteStartTransaction',
        request: { connectorId: 1, idTag: 'TAG-1' },
        status: 'rejected',
        response: { status: 'Rejected' },
      });
    const now = new Date();
    await evaluateRules(db(), { stationIds: [stationId] }, now, ['charge_failed']);
    await evaluateRules(db(), { stationIds: [stationId] }, now, ['charge_failed']);
    let [incident] = await incidentsOf(stationId, 'charge_failed');
    expect(incident).toMatchObject({ count: 1, connectorId: 1, details: { reason: 'remote_start_rejected' } });
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    const failed = await buildCharge(db(), { userId: user.id, stationId, finish: { status: 'not_completed' } });
    await evaluateRules(db(), { stationIds: [stationId] }, new Date(), ['charge_failed']);
    [incident] = await incidentsOf(stationId, 'charge_failed');
    expect(incident).toMatchObject({
      count: 2,
      userId: user.id,
      details: { reason: 'ended_failed', charge_id: failed.id },
    });
    // It never clears by itself.
    await evaluateRules(db(), { stationIds: [stationId] }, new Date(Date.now() + 2 * 3_600_000), ['charge_failed']);
    expect((await incidentsOf(stationId, 'charge_failed'))[0]?.status).toBe('open');
  });

  it('charge_failed: a StartTransaction refused by the central system (an unknown id tag)', async () => {
    const { station, point } = await simulate();
    await point.startSession(1, 'UNKNOWN-TAG').catch(() => null);
    // The simulator stops at Authorize: send the refused StartTransaction itself, as a charge point offline-authorizing would.
    await point.call('StartTransaction', {
      connectorId: 1,
      idTag: 'UNKNOWN-TAG',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    const [incident] = await eventually(async () => {
      const rows = await incidentsOf(station.id, 'charge_failed');
      return rows.length > 0 ? rows : undefined;
    });
    expect(incident).toMatchObject({
      connectorId: 1,
      details: { reason: 'start_refused', id_tag: 'UNKNOWN-TAG', id_tag_status: 'Invalid' },
    });
  });

  it('station_reboots: more than N boots in the last hour, cleared when the hour has passed', async () => {
    const station = await buildChargePointStation(db(), context.config, { merchantId });
    const now = new Date();
    await db()
      .insert(chargePointStatusHistory)
      .values(
        [5, 15, 25, 35].map((minutes) => ({
          stationId: station.id,
          kind: 'boot',
          at: new Date(now.getTime() - minutes * MINUTE),
        })),
      );
    await evaluateRules(db(), { stationIds: [station.id] }, now, ['station_reboots']);
    const [incident] = await incidentsOf(station.id, 'station_reboots');
    expect(incident).toMatchObject({ status: 'open', details: { boots: 4 } });
    await evaluateRules(db(), { stationIds: [station.id] }, new Date(now.getTime() + 40 * MINUTE), ['station_reboots']);
    expect((await incidentsOf(station.id, 'station_reboots'))[0]).toMatchObject({
      status: 'resolved',
      resolution: 'cleared',
    });
  });

  it("failed_charge_share: the day's share above X % from M charges, cleared when the threshold is raised", async () => {
    const stationId = await buildPricedStation(db());
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    const startedAt = new Date(Date.now() - MINUTE);
    for (const status of ['finished', 'finished', 'finished', 'canceled', 'not_completed'] as const) {
      await buildCharge(db(), { userId: user.id, stationId, startedAt, meterWh: 2_000, finish: { status } });
    }
    const now = new Date();
    await evaluateRules(db(), { stationIds: [stationId] }, now, ['failed_charge_share']);
    const [incident] = await incidentsOf(stationId, 'failed_charge_share');
    expect(incident).toMatchObject({ status: 'open', details: { charges: 5, failed: 2, percent: 40 } });
    expect(
      (
        await putRule('failed_charge_share', {
          enabled: true,
          severity: 'warning',
          thresholds: { percent: 50, minCharges: 5 },
        })
      ).statusCode,
    ).toBe(200);
    try {
      await evaluateRules(db(), { stationIds: [stationId] }, now, ['failed_charge_share']);
      expect((await incidentsOf(stationId, 'failed_charge_share'))[0]).toMatchObject({
        status: 'resolved',
        resolution: 'cleared',
      });
    } finally {
      await putRule('failed_charge_share', {
        enabled: true,
        severity: 'warning',
        thresholds: { percent: 20, minCharges: 5 },
      });
    }
  });

  it('a disabled rule raises nothing', async () => {
    const stationId = await buildPricedStation(db());
    await buildRunningCharge(db(), stationId, { silentS: 30 * 60 });
    expect(
      (await putRule('charge_no_meter_values', { enabled: false, severity: 'warning', thresholds: { minutes: 15 } }))
        .statusCode,
    ).toBe(200);
    try {
      await evaluateRules(db(), { stationIds: [stationId] }, new Date(), ['charge_no_meter_values']);
      expect(await incidentsOf(stationId, 'charge_no_meter_values')).toHaveLength(0);
    } finally {
      await putRule('charge_no_meter_values', { enabled: true, severity: 'warning', thresholds: { minutes: 15 } });
    }
  });

  it('ledger_mismatch: the nightly check opens the network incident while a balance differs, clears it once none does', async () => {
    expect(ledgerCheckDue(null, new Date('2026-03-02T20:59:00Z'))).toBe(false); // 02:59 in Bishkek
    expect(ledgerCheckDue(null, new Date('2026-03-02T21:00:00Z'))).toBe(true);
    expect(ledgerCheckDue(new Date('2026-03-02T21:00:00Z'), new Date('2026-03-03T05:00:00Z'))).toBe(false);
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '100.00' });
    const shift = (delta: number) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update app_users set balance = balance + ${delta} where id = ${user.id}`);
      });
    await shift(500);
    await checkLedger(db(), new Date());
    const open = await db().select().from(incidents).where(eq(incidents.rule, 'ledger_mismatch'));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      status: 'open',
      stationId: null,
      userId: user.id,
      severity: 'critical',
      details: { users: 1 },
    });
    await shift(-500);
    await checkLedger(db(), new Date());
    const [cleared] = await db().select().from(incidents).where(eq(incidents.rule, 'ledger_mismatch'));
    expect(cleared).toMatchObject({ status: 'resolved', resolution: 'cleared' });
  });
});

describe('the incidents API', () => {
  const openIncident = async () => {
    const stationId = await buildPricedStation(db());
    await buildRunningCharge(db(), stationId, { silentS: 30 * 60 });
    await evaluateRules(db(), { stationIds: [stationId] }, new Date(), ['charge_no_meter_values']);
    const [row] = await incidentsOf(stationId, 'charge_no_meter_values');
    return { id: row!.id, stationId };
  };
  const post = (id: number, action: string, payload: object, headers = operator, language = 'en') =>
    context.app.inject({
      method: 'POST',
      url: `/api/v1/incidents/${id}/${action}/`,
      headers: { ...headers, 'accept-language': language },
      payload,
    });

  it('acknowledges, assigns and resolves with notes, each in the timeline and the audit log; a resolved one answers 409', async () => {
    const { id, stationId } = await openIncident();
    const acknowledged = await post(id, 'acknowledge', { note: 'On my way' });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json<TIncidentDetail>()).toMatchObject({
      status: 'acknowledged',
      acknowledged_by: { id: operatorId, name: 'Sydykov Bakyt' },
      acknowledged_note: 'On my way',
    });
    const assigned = await post(id, 'assign', { account_id: operatorId });
    expect(assigned.json<TIncidentDetail>().assigned_to).toEqual({ id: operatorId, name: 'Sydykov Bakyt' });
    expect((await list(`assigned_to=${operatorId}&station_id=${stationId}`)).total).toBe(1);
    expect((await list(`status=acknowledged&station_id=${stationId}`)).total).toBe(1);
    expect((await list(`status=open&station_id=${stationId}`)).total).toBe(0);
    const resolved = await post(id, 'resolve', { note: 'Cable replaced' });
    expect(resolved.json<TIncidentDetail>()).toMatchObject({
      status: 'resolved',
      resolution: 'manual',
      resolved_by: { id: operatorId },
    });
    expect(
      resolved.json<TIncidentDetail>().events.map((event) => [event.event, event.note, event.account?.id ?? null]),
    ).toEqual([
      ['opened', null, null],
      ['acknowledged', 'On my way', operatorId],
      ['assigned', null, operatorId],
      ['resolved', 'Cable replaced', operatorId],
    ]);
    for (const action of ['acknowledge', 'assign', 'resolve']) {
      const refused = await post(id, action, action === 'assign' ? { account_id: null } : {}, operator, 'ru');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: 'Этот инцидент уже закрыт.' });
    }
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(4);
    expect(audit.slice(1).every((entry) => entry.actorId === operatorId)).toBe(true);
    expect(busMessages).toContainEqual({ type: 'incident', incidentId: id, stationId });
    // The condition still holds, but its evidence was acted on: no new incident until it changes.
    await evaluateRules(db(), { stationIds: [stationId] }, new Date(), ['charge_no_meter_values']);
    expect(await incidentsOf(stationId, 'charge_no_meter_values')).toHaveLength(1);
  });

  it('refuses an assignee who may not see incidents, translated; 404 for a missing incident', async () => {
    const { id } = await openIncident();
    const outsiderAccount = await buildAccount(db(), { roleKey: 'alerts_none' });
    const refused = await post(id, 'assign', { account_id: outsiderAccount.id }, operator, 'ky');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ account_id: ['Инциденттерди көрө алган активдүү каттоо эсебин тандаңыз.'] });
    expect((await post(99_999_999, 'acknowledge', {})).statusCode).toBe(404);
    const long = await post(id, 'acknowledge', { note: 'x'.repeat(501) }, operator, 'ru');
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['note']);
  });

  it('lists with the names of station, merchant and user, filtered by rule, severity, merchant and days', async () => {
    const { id, stationId } = await openIncident();
    const page = await list(`station_id=${stationId}`, manager, 'ru');
    expect(page.items.map((item) => item.id)).toEqual([id]);
    expect(page.items[0]?.station?.name).toBeTruthy();
    expect(page.items[0]?.merchant?.name).toBeTruthy();
    expect(page.items[0]?.user?.name).toBeTruthy();
    const merchant = page.items[0]!.merchant!.id;
    expect((await list(`merchant_id=${merchant}&rule=charge_no_meter_values&severity=warning`)).total).toBe(1);
    expect((await list(`merchant_id=${merchant}&severity=critical`)).total).toBe(0);
    expect((await list(`merchant_id=${merchant}&period__from=2020-01-01&period__to=2020-01-02`)).total).toBe(0);
    expect((await list(`merchant_id=${merchant}&open=true`)).total).toBe(1);
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/v1/incidents/?rule=nope&status=gone',
      headers: { ...manager, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ rule: ['There is no such alert rule.'], status: ['Select a valid choice.'] });
  });

  it('answers 403 without the permission: view for the list, edit to act, manage for the rules', async () => {
    const { id } = await openIncident();
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/incidents/', headers: outsider })).statusCode).toBe(
      403,
    );
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/v1/incidents/${id}/`, headers: outsider })).statusCode,
    ).toBe(403);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/alerts/rules/', headers: outsider })).statusCode,
    ).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/incidents/' })).statusCode).toBe(401);
    expect((await list('', analyst)).total).toBeGreaterThan(0);
    for (const action of ['acknowledge', 'assign', 'resolve']) {
      expect((await post(id, action, action === 'assign' ? { account_id: null } : {}, analyst)).statusCode).toBe(403);
    }
    expect(
      (await putRule('station_offline', { enabled: true, severity: 'critical', thresholds: { minutes: 10 } }, operator))
        .statusCode,
    ).toBe(403);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/alerts/rules/', headers: operator })).statusCode,
    ).toBe(200);
  });
});

describe('the alert rules API', () => {
  it('lists every rule with its defaults, and saves one with its author', async () => {
    const listed = await context.app.inject({ method: 'GET', url: '/api/v1/alerts/rules/', headers: manager });
    const rules = listed.json<TAlertRuleList>().items;
    expect(rules.map((rule) => rule.rule)).toEqual([
      'station_offline',
      'connector_faulted',
      'charge_no_meter_values',
      'charge_no_energy',
      'charge_failed',
      'station_reboots',
      'failed_charge_share',
      'payment_failed',
      'ledger_mismatch',
    ]);
    expect(rules[0]).toMatchObject({ enabled: true, severity: 'critical', thresholds: { minutes: 10 }, clears: true });
    const saved = await putRule('station_reboots', { enabled: false, severity: 'info', thresholds: { count: 7 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TAlertRuleSetting>()).toMatchObject({
      rule: 'station_reboots',
      enabled: false,
      severity: 'info',
      thresholds: { count: 7 },
      defaults: { enabled: true, thresholds: { count: 3 } },
    });
    expect(saved.json<TAlertRuleSetting>().updated_by).not.toBeNull();
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert_rule'), eq(auditLog.entityId, 'station_reboots')));
    expect(audit).toHaveLength(1);
    await putRule('station_reboots', { enabled: true, severity: 'warning', thresholds: { count: 3 } });
  });

  it('checks thresholds against the limits and the rule, in the language asked', async () => {
    const low = await putRule(
      'station_offline',
      { enabled: true, severity: 'critical', thresholds: { minutes: 0 } },
      manager,
      'ru',
    );
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ 'thresholds.minutes': ['Значение должно быть не меньше 1.'] });
    const high = await putRule('failed_charge_share', {
      enabled: true,
      severity: 'warning',
      thresholds: { percent: 101, minCharges: 5 },
    });
    expect(high.json()).toEqual({ 'thresholds.percent': ['Ensure this value is less than or equal to 100.'] });
    const foreign = await putRule(
      'station_offline',
      { enabled: true, severity: 'critical', thresholds: { minutes: 5, count: 2 } },
      manager,
      'ky',
    );
    expect(foreign.json()).toEqual({ 'thresholds.count': ['Бул эреженин мындай босогосу жок.'] });
    const missing = await putRule('failed_charge_share', {
      enabled: true,
      severity: 'warning',
      thresholds: { percent: 30 },
    });
    expect(missing.json()).toEqual({ 'thresholds.minCharges': ['This rule needs this threshold.'] });
    const unknown = await putRule('no_such_rule', { enabled: true, severity: 'warning', thresholds: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ rule: ['There is no such alert rule.'] });
    const severity = await putRule('station_offline', { enabled: true, severity: 'fatal', thresholds: { minutes: 5 } });
    expect(severity.json()).toEqual({ severity: ['Select a valid choice.'] });
  });
});
