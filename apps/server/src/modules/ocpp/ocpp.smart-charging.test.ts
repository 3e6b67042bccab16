import type { TPermission } from '@zaryad/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, CHARGE_POINT_PASSWORD, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
// eslint-disable-next-line zaryad/domain-boundaries -- a test role with chosen permissions: the accounts index exports no table
import { roles } from '../accounts/accounts.tables';
import { SimulatedChargePoint } from './ocpp.simulated-charge-point';
import { allocateShares, dailyPeriods, fitsUnder, secondOfDay } from './ocpp.smart-charging.schedule';
import { powerShares } from './ocpp.smart-charging.tables';
import { chargePointCommands } from './ocpp.tables';

// Issue 34, Smart Charging: power limits against simulated charge points on real websockets (strict OCPP 1.6 schemas
// both ways). A station's limit is its ChargePointMaxProfile; a merchant site's limit is shared by the charges running
// at its stations, and the power they may draw never adds up to more than it, at any step of starts and stops.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let roleSerial = 0;
let tagSerial = 0;
const points: SimulatedChargePoint[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '2000';
  process.env.OCPP_STATUS_ON_CONNECT = 'off';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
});

afterAll(async () => {
  for (const point of points) {
    await point.close();
  }
  await context.close();
  delete process.env.OCPP_CALL_TIMEOUT_MS;
  delete process.env.OCPP_STATUS_ON_CONNECT;
});

const station = (merchantId: number) =>
  buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
  });

const simulate = async (identity: string, onChange?: (point: SimulatedChargePoint) => void) => {
  const point = new SimulatedChargePoint({
    endpoint,
    identity,
    password: CHARGE_POINT_PASSWORD,
    connectors: [1, 2],
    meterEveryMs: 60_000,
    callTimeoutMs: 5_000,
    onChange,
  });
  points.push(point);
  await point.connect();
  await point.boot();
  return point;
};

const driverTag = async () => {
  tagSerial += 1;
  const idTag = `SC-TAG-${tagSerial}`;
  const user = await buildUser(db(), { idTags: [{ idTag, kind: 'rfid' }] });
  await buildEntry(db(), user.id, { credit: '500.00' });
  return idTag;
};

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-smart-${roleSerial}`;
  await db()
    .insert(roles)
    .values({ key, name: `OCPP smart charging ${roleSerial}`, permissions });
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
  options: { as?: { authorization: string }; language?: string } = {},
) =>
  context.app.inject({
    method,
    url: `/api/v1/ocpp/${url}`,
    headers: { ...(options.as ?? headers), 'accept-language': options.language ?? 'en' },
    ...(payload ? { payload } : {}),
  });

const lastCommand = async (stationId: number, action: string) => {
  const [row] = await db()
    .select()
    .from(chargePointCommands)
    .where(and(eq(chargePointCommands.stationId, stationId), eq(chargePointCommands.action, action)))
    .orderBy(desc(chargePointCommands.id))
    .limit(1);
  return row;
};

describe('a station power limit', () => {
  it('is sent as a daily ChargePointMaxProfile, kept, read back, and cleared with ClearChargingProfile', async () => {
    const built = await station((await buildMerchant(db())).id);
    const point = await simulate(built.identity);
    const set = await call('PUT', `stations/${built.id}/power-limit/`, {
      limit_kw: 22,
      windows: [{ from: '18:00', to: '22:00', limit_kw: 7.4 }],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      station_id: built.id,
      limit_kw: 22,
      windows: [{ from: '18:00', to: '22:00', limit_kw: 7.4 }],
      site_limit_kw: null,
      commands: [{ station_id: built.id, action: 'SetChargingProfile', status: 'accepted' }],
    });
    expect(point.profiles).toHaveLength(1);
    const [installed] = point.profiles;
    expect(installed?.connectorId).toBe(0);
    expect(installed?.profile).toMatchObject({
      chargingProfilePurpose: 'ChargePointMaxProfile',
      chargingProfileKind: 'Recurring',
      recurrencyKind: 'Daily',
      chargingSchedule: {
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 22_000 },
          { startPeriod: 18 * 3600, limit: 7_400 },
          { startPeriod: 22 * 3600, limit: 22_000 },
        ],
      },
    });
    // Its midnight is Bishkek's (UTC+6): 18:00 there.
    expect(installed?.profile.chargingSchedule.startSchedule).toMatch(/T18:00:00\.000Z$/);
    const logged = await lastCommand(built.id, 'SetChargingProfile');
    expect(logged).toMatchObject({ status: 'accepted' });
    expect((await call('GET', `stations/${built.id}/power-limit/`)).json()).toMatchObject({
      limit_kw: 22,
      commands: [],
    });

    // Sent again after a boot.
    point.profiles.splice(0);
    await point.boot();
    await expect.poll(() => point.profiles.length).toBe(1);

    const cleared = await call('DELETE', `stations/${built.id}/power-limit/`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      limit_kw: null,
      windows: [],
      commands: [{ action: 'ClearChargingProfile', status: 'accepted' }],
    });
    expect(point.profiles).toEqual([]);
    expect((await call('DELETE', `stations/${built.id}/power-limit/`)).statusCode).toBe(404);
  });

  it('GetCompositeSchedule and ClearChargingProfile through the command call: validated, logged, answered', async () => {
    const built = await station((await buildMerchant(db())).id);
    const point = await simulate(built.identity);
    await call('PUT', `stations/${built.id}/power-limit/`, { limit_kw: 11 });
    const composite = await call('POST', `stations/${built.id}/commands/`, {
      action: 'GetCompositeSchedule',
      payload: { connectorId: 1, duration: 3600, chargingRateUnit: 'W' },
    });
    expect(composite.statusCode).toBe(200);
    expect(composite.json()).toMatchObject({
      status: 'accepted',
      response: {
        status: 'Accepted',
        connectorId: 1,
        chargingSchedule: {
          duration: 3600,
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 11_000 }],
        },
      },
    });
    expect(await lastCommand(built.id, 'GetCompositeSchedule')).toMatchObject({
      status: 'accepted',
      request: { connectorId: 1, duration: 3600, chargingRateUnit: 'W' },
    });
    const bad = await call('POST', `stations/${built.id}/commands/`, {
      action: 'GetCompositeSchedule',
      payload: { connectorId: 1, duration: 10 },
    });
    expect(bad.statusCode).toBe(400);
    const clear = await call('POST', `stations/${built.id}/commands/`, {
      action: 'ClearChargingProfile',
      payload: { chargingProfilePurpose: 'ChargePointMaxProfile' },
    });
    expect(clear.json()).toMatchObject({ status: 'accepted', response: { status: 'Accepted' } });
    expect(point.profiles).toEqual([]);
    const again = await call('POST', `stations/${built.id}/commands/`, { action: 'ClearChargingProfile', payload: {} });
    expect(again.json()).toMatchObject({ status: 'rejected', response: { status: 'Unknown' } });
  });

  it('refuses bad input with translated messages', async () => {
    const built = await station((await buildMerchant(db())).id);
    const zero = await call('PUT', `stations/${built.id}/power-limit/`, { limit_kw: 0 }, { language: 'ru' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ limit_kw: ['Лимит должен быть больше 0 кВт'] });
    const windows = await call(
      'PUT',
      `stations/${built.id}/power-limit/`,
      {
        limit_kw: 22,
        windows: [
          { from: '08:00', to: '12:00', limit_kw: 11 },
          { from: '11:00', to: '13:00', limit_kw: 7 },
          { from: '20:00', to: '19:00', limit_kw: 7 },
          { from: '25:00', to: '26:00', limit_kw: 7 },
        ],
      },
      { language: 'ky' },
    );
    expect(windows.statusCode).toBe(400);
    expect(windows.json()).toEqual({
      'windows.1.from': ['Убакыт аралыктары бири-бирине кирбеши керек'],
      'windows.2.to': ['Убакыт аралыгы башталгандан кийин бүтүшү керек'],
      'windows.3.from': ['Убакытты СС:ММ түрүндө жазыңыз (00:00дөн 24:00гө чейин)'],
      'windows.3.to': ['Убакытты СС:ММ түрүндө жазыңыз (00:00дөн 24:00гө чейин)'],
    });
    const step = await call('PUT', `stations/${built.id}/power-limit/`, { limit_kw: 7.25 });
    expect(step.json()).toEqual({ limit_kw: ['The limit is given in steps of 0.1 kW'] });
    const high = await call('PUT', `merchants/${built.merchantId}/power-limit/`, { limit_kw: 20_000 });
    expect(high.json()).toEqual({ limit_kw: ['The limit must be at most 10000 kW'] });
    expect((await call('PUT', `merchants/999999/power-limit/`, { limit_kw: 20 })).statusCode).toBe(404);
  });

  it('needs stations.manage_charge_point to set or clear; stations.view reads', async () => {
    const merchantId = (await buildMerchant(db())).id;
    const built = await station(merchantId);
    const viewer = await accountWith(['stations.view', 'stations.reset']);
    expect((await call('PUT', `stations/${built.id}/power-limit/`, { limit_kw: 5 }, { as: viewer })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `stations/${built.id}/power-limit/`, undefined, { as: viewer })).statusCode).toBe(403);
    expect(
      (await call('PUT', `merchants/${merchantId}/power-limit/`, { limit_kw: 5 }, { as: viewer })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `merchants/${merchantId}/power-limit/`, undefined, { as: viewer })).statusCode).toBe(
      403,
    );
    const commands = [
      { action: 'ClearChargingProfile', payload: {} },
      { action: 'GetCompositeSchedule', payload: { connectorId: 0, duration: 600 } },
    ];
    for (const body of commands) {
      expect((await call('POST', `stations/${built.id}/commands/`, body, { as: viewer })).statusCode).toBe(403);
    }
    expect((await call('GET', `stations/${built.id}/power-limit/`, undefined, { as: viewer })).statusCode).toBe(200);
    expect((await call('GET', `merchants/${merchantId}/power-limit/`, undefined, { as: viewer })).statusCode).toBe(200);
  });
});

describe('a merchant site power limit', () => {
  it('shares the limit between running charges, earliest first, never more than the limit at any step', async () => {
    const merchantId = (await buildMerchant(db())).id;
    const built = await Promise.all([
      station(merchantId),
      station(merchantId),
      station(merchantId),
      station(merchantId),
    ]);
    const LIMIT_W = 7_000;
    let highest = 0;
    let checks = 0;
    const drawn = () =>
      points
        .filter((point) => built.some((entry) => entry.identity === point.identity))
        .reduce(
          (sum, point) => sum + point.connectors.reduce((inner, connector) => inner + point.powerOf(connector), 0),
          0,
        );
    const check = () => {
      checks += 1;
      highest = Math.max(highest, drawn());
    };
    const sims = await Promise.all(built.map((entry) => simulate(entry.identity, check)));
    // A charge running before the limit: cut to its share when the limit is set.
    const early = await driverTag();
    expect(await sims[0]!.startSession(1, early, { meterEveryMs: 60_000 })).not.toBeNull();
    expect(drawn()).toBe(22_000);

    const set = await call('PUT', `merchants/${merchantId}/power-limit/`, { limit_kw: LIMIT_W / 1000 });
    expect(set.statusCode).toBe(200);
    highest = 0;
    await expect.poll(() => drawn()).toBe(LIMIT_W);
    for (const sim of sims) {
      expect(sim.profiles.some((entry) => entry.profile.chargingProfilePurpose === 'TxDefaultProfile')).toBe(true);
    }

    // Seven more charges start at once on the eight connectors: 5 × 1.4 kW fit, the last two wait at 0.
    const slots = sims.flatMap((sim) => sim.connectors.map((connector) => ({ sim, connector }))).slice(1);
    const tags = await Promise.all(slots.map(() => driverTag()));
    await Promise.all(
      slots.map(async ({ sim, connector }, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index * 37) % 60));
        return sim.startSession(connector, tags[index]!, { meterEveryMs: 60_000 });
      }),
    );
    await expect.poll(() => drawn(), { timeout: 10_000 }).toBe(5 * 1_400);
    // A share is written once its charge point has accepted it: the last one's write may follow the simulator's drawing.
    const readShares = async () =>
      (await call('GET', `merchants/${merchantId}/power-limit/`)).json<{
        limit_now_kw: number;
        shares: { share_w: number; started_at: string }[];
      }>();
    await expect
      .poll(async () => (await readShares()).shares.map((share) => share.share_w))
      .toEqual([1400, 1400, 1400, 1400, 1400, 0, 0, 0]);
    const shares = await readShares();
    expect(shares.limit_now_kw).toBe(7);
    const startOrder = shares.shares.map((share) => share.started_at);
    expect([...startOrder].sort()).toEqual(startOrder);

    // Some stop and others start, all at once; then all but two stop.
    const running = () =>
      slots.concat([{ sim: sims[0]!, connector: 1 }]).filter(({ sim, connector }) => sim.hasSession(connector));
    const stopping = running().slice(0, 4);
    const more = await Promise.all(stopping.slice(0, 2).map(() => driverTag()));
    await Promise.all([
      ...stopping.map(({ sim, connector }) => sim.stopSession(connector)),
      ...stopping.slice(0, 2).map(async ({ sim, connector }, index) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await expect.poll(() => sim.hasSession(connector)).toBe(false);
        return sim.startSession(connector, more[index]!, { meterEveryMs: 60_000 });
      }),
    ]);
    await expect.poll(() => drawn(), { timeout: 10_000 }).toBe(5 * 1_400);
    await Promise.all(
      running()
        .slice(2)
        .map(({ sim, connector }) => sim.stopSession(connector)),
    );
    await expect.poll(() => drawn(), { timeout: 10_000 }).toBe(2 * 3_500);
    expect(running()).toHaveLength(2);
    expect(checks).toBeGreaterThan(20);
    expect(highest).toBeLessThanOrEqual(LIMIT_W);
    await expect
      .poll(async () => (await db().select().from(powerShares).where(eq(powerShares.merchantId, merchantId))).length)
      .toBe(2);

    // Cleared: the shares and the stations' TxDefaultProfile go; the charges draw what the car asks again.
    const cleared = await call('DELETE', `merchants/${merchantId}/power-limit/`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ limit_kw: null, shares: [] });
    expect(drawn()).toBe(2 * 22_000);
    for (const sim of sims) {
      expect(sim.profiles).toEqual([]);
    }
  });

  it('shares a schedule with windows: each period of the day split on its own, under the limit all day', () => {
    const site = dailyPeriods(10_000, [{ from: '08:00', to: '18:00', limitW: 3_000 }]);
    const shares = allocateShares(site, 3);
    expect(shares[0]).toEqual([
      { startPeriod: 0, limit: 3_333 },
      { startPeriod: 8 * 3600, limit: 1_500 },
      { startPeriod: 18 * 3600, limit: 3_333 },
    ]);
    expect(shares[2]).toEqual([
      { startPeriod: 0, limit: 3_333 },
      { startPeriod: 8 * 3600, limit: 0 },
      { startPeriod: 18 * 3600, limit: 3_333 },
    ]);
    expect(fitsUnder(shares, site)).toBe(true);
    expect(fitsUnder([...shares, [{ startPeriod: 0, limit: 1 }]], site)).toBe(false);
    expect(secondOfDay(Date.parse('2026-11-28T18:30:00Z'))).toBe(30 * 60);
  });
});
