import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, CHARGE_POINT_PASSWORD, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { recordOffline } from './ocpp.history';
import { chargePointStatusHistory } from './ocpp.history.tables';
import { SimulatedChargePoint } from './ocpp.simulated-charge-point';
import { chargePoints } from './ocpp.tables';

// Issue 35: the status history a simulated charge point leaves on real websockets: its connection, its boot, each
// change of a connector's status (a repeat of the same status writes nothing), its going silent and coming back, and
// its disconnection.
let context: TestContext;
let endpoint: string;
let merchantId: number;
const points: SimulatedChargePoint[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_STATUS_ON_CONNECT = 'off';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const point of points) {
    await point.close().catch(() => undefined);
  }
  await context.close();
  delete process.env.OCPP_STATUS_ON_CONNECT;
});

const simulate = async () => {
  const station = await buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
  });
  const point = new SimulatedChargePoint({
    endpoint,
    identity: station.identity,
    password: CHARGE_POINT_PASSWORD,
    connectors: [1, 2],
    callTimeoutMs: 5_000,
  });
  points.push(point);
  await point.connect();
  await point.boot();
  return { station, point };
};

/** Lets the last-seen times of the calls so far be written (flushSeen, every second) before a test moves them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_300));

const historyOf = async (stationId: number) =>
  (
    await db()
      .select()
      .from(chargePointStatusHistory)
      .where(eq(chargePointStatusHistory.stationId, stationId))
      .orderBy(asc(chargePointStatusHistory.at), asc(chargePointStatusHistory.id))
  ).map((row) => [row.kind, row.connectorId, row.status, row.errorCode]);

describe('the status history written by the OCPP calls', () => {
  it('holds the connection, the boot and each change of a connector, not its repeats', async () => {
    const { station, point } = await simulate();
    await point.status(1, 'Preparing');
    await point.status(1, 'Preparing');
    await point.status(1, 'Charging');
    await point.status(2, 'Faulted', 'GroundFailure');
    await point.status(2, 'Faulted', 'GroundFailure');
    await point.status(2, 'Faulted', 'OverCurrentFailure');
    await point.status(2, 'Available');
    const history = await historyOf(station.id);
    // The websocket's record and the boot are written as they come (on a pool, either may land first).
    expect(history.slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['connected', 0, null, null],
        ['boot', 0, null, null],
      ]),
    );
    expect(history.slice(2)).toEqual([
      ['status', 0, 'Available', 'NoError'],
      ['status', 1, 'Available', 'NoError'],
      ['status', 2, 'Available', 'NoError'],
      ['status', 1, 'Preparing', 'NoError'],
      ['status', 1, 'Charging', 'NoError'],
      ['status', 2, 'Faulted', 'GroundFailure'],
      ['status', 2, 'Faulted', 'OverCurrentFailure'],
      ['status', 2, 'Available', 'NoError'],
    ]);
    await point.close();
    await vi.waitFor(async () => expect((await historyOf(station.id)).at(-1)).toEqual(['disconnected', 0, null, null]));
  });

  it('marks a silent charge point offline once, at the moment it became so, and connected when heard again', async () => {
    const { station, point } = await simulate();
    await settle();
    const lastSeenAt = new Date(Date.now() - 3_600_000);
    await db()
      .update(chargePoints)
      .set({ lastSeenAt, heartbeatIntervalS: 60 })
      .where(eq(chargePoints.stationId, station.id));
    expect(await recordOffline(db(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await recordOffline(db(), new Date())).toBe(0);
    const [offline] = await db()
      .select({ at: chargePointStatusHistory.at })
      .from(chargePointStatusHistory)
      .where(
        sql`${chargePointStatusHistory.stationId} = ${station.id} and ${chargePointStatusHistory.kind} = 'offline'`,
      );
    expect(offline?.at.getTime()).toBe(lastSeenAt.getTime() + 180_000);
    await point.heartbeat();
    await vi.waitFor(async () => expect((await historyOf(station.id)).at(-1)).toEqual(['connected', 0, null, null]), {
      timeout: 3_000,
    });
    expect((await historyOf(station.id)).filter(([kind]) => kind === 'offline')).toHaveLength(1);
  });

  it('writes the offline moment on the return of a charge point the job had not seen silent yet', async () => {
    const { station, point } = await simulate();
    await settle();
    const lastSeenAt = new Date(Date.now() - 600_000);
    await db()
      .update(chargePoints)
      .set({ lastSeenAt, heartbeatIntervalS: 60 })
      .where(eq(chargePoints.stationId, station.id));
    await point.heartbeat();
    await vi.waitFor(async () => expect((await historyOf(station.id)).at(-1)).toEqual(['connected', 0, null, null]), {
      timeout: 3_000,
    });
    // The offline moment lies in the past (last heard + 3 intervals), before the boot's statuses.
    const links = await db()
      .select({ kind: chargePointStatusHistory.kind, at: chargePointStatusHistory.at })
      .from(chargePointStatusHistory)
      .where(
        sql`${chargePointStatusHistory.stationId} = ${station.id} and ${chargePointStatusHistory.kind} <> 'status'`,
      )
      .orderBy(asc(chargePointStatusHistory.at));
    expect(links[0]?.kind).toBe('offline');
    expect(links[0]?.at.getTime()).toBe(lastSeenAt.getTime() + 180_000);
    // Then the first connection, its boot (the two may share a millisecond: their order is the clock's) and the return.
    expect(
      links
        .slice(1)
        .map((row) => row.kind)
        .sort(),
    ).toEqual(['boot', 'connected', 'connected']);
    expect(links.at(-1)?.kind).toBe('connected');
  });
});
