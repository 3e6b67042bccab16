import type { TCharge, TLiveDelta, TLiveSnapshot, TPaged } from '@zaryad/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import {
  buildChargePointStation,
  buildSilentChargePoint,
  connectChargePoint,
  listenForChargePoints,
} from '../../test/ocpp-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { roles } from '../accounts';
import { chargePointConnectors, chargePoints } from '../ocpp';
import { stations as stationsTable } from '../stations';

// The live board (docs/product/live.md): the snapshot's states by precedence, its running charges priced as the charges
// list prices them, and the event stream's deltas from a real charge point over a real websocket.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'operator' }))).headers;
  merchantId = (await buildMerchant(db(), { name: 'Live Merchant' })).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
});

const snapshot = async (language = 'en') => {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/v1/live/',
    headers: { ...headers, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TLiveSnapshot>();
};

/** A station whose charge point is connected and was heard just now, its connectors last reporting these statuses. */
const onlineStation = async (statuses: Record<number, string>) => {
  const station = await buildStation(db(), {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '13.37' },
      { evse_id: 1, custom_fee: '13.37' },
    ],
    latitude: '42.874600',
    longitude: '74.569800',
  });
  await buildSilentChargePoint(db(), station.id, 0, { connected: true, heartbeatIntervalS: 60 });
  for (const [connectorId, status] of Object.entries(statuses)) {
    await db()
      .insert(chargePointConnectors)
      .values({ stationId: station.id, connectorId: Number(connectorId), status });
  }
  return station;
};

/** Reads `data:` events of an open stream until `until` holds for one of them (or 10 s pass). */
const readUntil = async (
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (delta: TLiveDelta) => boolean,
): Promise<TLiveDelta> => {
  let buffer = '';
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) {
      break;
    }
    buffer += new TextDecoder().decode(value);
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) {
        const delta = JSON.parse(data.slice(6)) as TLiveDelta;
        if (until(delta)) {
          return delta;
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
  throw new Error(`no matching event; last read: ${buffer}`);
};

/** Every `data:` event an open stream sends within `ms`. */
const collectFor = async (reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) => {
  const events: TLiveDelta[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  let pending = reader.read();
  while (Date.now() < deadline) {
    const next = await Promise.race([
      pending,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now()))),
    ]);
    if (next === null || next.done) {
      break;
    }
    pending = reader.read();
    buffer += new TextDecoder().decode(next.value);
  }
  for (const block of buffer.split('\n\n')) {
    const data = block.split('\n').find((line) => line.startsWith('data: '));
    if (data) {
      events.push(JSON.parse(data.slice(6)) as TLiveDelta);
    }
  }
  return events;
};

describe('GET /live/', () => {
  it('lists every active station once, in order, and follows a station whose charge point appears between two reads', async () => {
    const plain = await buildStation(db(), { merchantId });
    const later = await buildStation(db(), { merchantId });
    const online = await onlineStation({ 1: 'Charging' });
    const first = await snapshot();
    const ids = first.stations.map(([id]) => id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const total = (counts: TLiveSnapshot['counts']) =>
      counts.offline + counts.faulted + counts.charging + counts.available;
    expect(total(first.counts)).toBe(ids.length);
    const stateIn = (board: TLiveSnapshot, id: number) => board.stations.find(([stationId]) => stationId === id)?.[5];
    expect([stateIn(first, plain.id), stateIn(first, later.id), stateIn(first, online.id)]).toEqual([
      'offline',
      'offline',
      'charging',
    ]);
    // A charge point connects for `later`: no write to the stations table, so the kept heads stay and only the
    // stations with a charge point change.
    await buildSilentChargePoint(db(), later.id, 0, { connected: true, heartbeatIntervalS: 60 });
    const second = await snapshot();
    expect(second.stations.map(([id]) => id)).toEqual(ids);
    expect([stateIn(second, plain.id), stateIn(second, later.id), stateIn(second, online.id)]).toEqual([
      'offline',
      'available',
      'charging',
    ]);
    expect(second.counts).toEqual({
      ...first.counts,
      offline: first.counts.offline - 1,
      available: first.counts.available + 1,
    });
  });

  it('puts each station in one state, offline > faulted > charging > available, and counts them', async () => {
    const before = (await snapshot()).counts;
    const never = await buildStation(db(), { merchantId });
    const silent = await buildStation(db(), { merchantId });
    await buildSilentChargePoint(db(), silent.id, 200, { connected: true, heartbeatIntervalS: 60 });
    const disconnected = await buildStation(db(), { merchantId });
    await buildSilentChargePoint(db(), disconnected.id, 0, { connected: false, heartbeatIntervalS: 60 });
    const faulted = await onlineStation({ 1: 'Charging', 2: 'Faulted' });
    const unavailable = await onlineStation({ 0: 'Unavailable', 1: 'Available' });
    const charging = await onlineStation({ 1: 'SuspendedEV', 2: 'Available' });
    const available = await onlineStation({ 1: 'Available', 2: 'Preparing' });
    const booted = await onlineStation({});
    const inactive = await buildStation(db(), { merchantId, isActive: false });

    const { stations, counts, merchants } = await snapshot();
    const stateOf = (id: number) => stations.find(([stationId]) => stationId === id)?.[5];
    expect(stateOf(never.id)).toBe('offline');
    expect(stateOf(silent.id)).toBe('offline');
    expect(stateOf(disconnected.id)).toBe('offline');
    expect(stateOf(faulted.id)).toBe('faulted');
    expect(stateOf(unavailable.id)).toBe('faulted');
    expect(stateOf(charging.id)).toBe('charging');
    expect(stateOf(available.id)).toBe('available');
    expect(stateOf(booted.id)).toBe('available');
    expect(stateOf(inactive.id)).toBeUndefined();
    expect(counts).toEqual({
      offline: before.offline + 3,
      faulted: before.faulted + 2,
      charging: before.charging + 1,
      available: before.available + 2,
    });
    expect(stations.find(([id]) => id === available.id)).toEqual([
      available.id,
      expect.stringMatching(/^Station /),
      merchantId,
      42.8746,
      74.5698,
      'available',
    ]);
    expect(merchants).toContainEqual({ id: merchantId, name: 'Live Merchant' });
    // The station's name in the request's language.
    const ru = await snapshot('ru');
    expect(ru.stations.find(([id]) => id === available.id)?.[1]).toMatch(/^Станция /);
  });

  it("lists running charges with the charges list's consumption and cost so far, and their connector's power", async () => {
    const station = await onlineStation({ 1: 'Charging' });
    await db()
      .update(chargePointConnectors)
      .set({ powerW: 22_000 })
      .where(eq(chargePointConnectors.stationId, station.id));
    const user = await buildUser(db(), { name: 'Бакыт Live' });
    await buildEntry(db(), user.id, { credit: '1000.00' });
    const charge = await buildCharge(db(), {
      userId: user.id,
      stationId: station.id,
      meterStartWh: 1_000,
      promotion: { id: 9, percent: 10, fixedTyiyn: 250n },
      meterWh: 8_345,
    });
    const { charges, charges_total: total } = await snapshot();
    const live = charges.find((item) => item.id === charge.id);
    const listed = (
      await context.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/?search_by_id=${charge.id}`,
        headers: { ...headers, 'accept-language': 'en' },
      })
    ).json<TPaged<TCharge>>().items[0];
    expect(live).toMatchObject({
      station: { id: station.id, name: listed?.station.name },
      connector: { ocpp_16_id: 1, name: listed?.connector.name },
      user: { id: user.id, name: 'Бакыт Live' },
      consumption_kwh: '7.345',
      power_w: 22_000,
      started_at: listed?.started_at,
    });
    expect(live?.cost).toEqual(listed?.running_cost);
    expect(live?.cost).toMatchObject({ amount: '98.20', discount: '12.32', total_cost: '85.88' });
    expect(total).toBeGreaterThanOrEqual(1);
  });

  it('answers 401 signed out and 403 without alerts.view', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/live/' })).statusCode).toBe(401);
    await db()
      .insert(roles)
      .values({ key: 'live-none', name: 'No live board', permissions: ['stations.view'] });
    const other = (await signIn(context.app, await buildAccount(db(), { roleKey: 'live-none' }))).headers;
    for (const url of ['/api/v1/live/', '/api/v1/live/events/']) {
      const response = await context.app.inject({ method: 'GET', url, headers: other });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('GET /live/events/', () => {
  it("streams a charge point's status, start, meter values and stop as deltas of its station", async () => {
    const station = await buildChargePointStation(db(), context.config, {
      merchantId,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const user = await buildUser(db(), { idTags: [{ idTag: 'LIVE-TAG-01', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const controller = new AbortController();
    const stream = await fetch(`${endpoint.replace('ws://', 'http://').replace('/ocpp', '')}/api/v1/live/events/`, {
      headers: { ...headers, accept: 'text/event-stream', 'accept-language': 'en' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const ofStation = (delta: TLiveDelta) => delta.stations.find((item) => item.id === station.id);
    try {
      const client = await connectChargePoint({ endpoint, identity: station.identity });
      clients.push(client);
      await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'Live-1' });
      await client.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
      expect(ofStation(await readUntil(reader, (delta) => ofStation(delta)?.state === 'available'))).toEqual({
        id: station.id,
        state: 'available',
        charges: [],
      });

      const started = (await client.call('StartTransaction', {
        connectorId: 1,
        idTag: 'LIVE-TAG-01',
        meterStart: 1_000,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number };
      await client.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
      await client.call('MeterValues', {
        connectorId: 1,
        transactionId: started.transactionId,
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              { value: '6.000', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      });
      const metered = await readUntil(reader, (delta) => ofStation(delta)?.charges[0]?.consumption_kwh === '5.000');
      expect(ofStation(metered)).toMatchObject({
        state: 'charging',
        charges: [
          {
            station: { id: station.id },
            connector: { ocpp_16_id: 1 },
            user: { id: user.id },
            power_w: 11_000,
            // 5 kWh at 20 som.
            cost: { amount: '100.00', discount: '0.00', total_cost: '100.00' },
          },
        ],
      });

      await client.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 7_000,
        timestamp: new Date().toISOString(),
        reason: 'Local',
      });
      await client.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' });
      expect(ofStation(await readUntil(reader, (delta) => ofStation(delta)?.state === 'faulted'))).toEqual({
        id: station.id,
        state: 'faulted',
        charges: [],
      });
    } finally {
      controller.abort();
    }
  });

  it("lists a connector's fault as an open incident, and streams its opening and its clearing", async () => {
    const station = await buildChargePointStation(db(), context.config, { merchantId });
    const controller = new AbortController();
    const stream = await fetch(`${endpoint.replace('ws://', 'http://').replace('/ocpp', '')}/api/v1/live/events/`, {
      headers: { ...headers, accept: 'text/event-stream', 'accept-language': 'en' },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    try {
      const client = await connectChargePoint({ endpoint, identity: station.identity });
      clients.push(client);
      await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'Live-1' });
      await client.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' });
      const opened = await readUntil(reader, (delta) =>
        delta.incidents.some((item) => item.open && item.incident?.station?.id === station.id),
      );
      const incident = opened.incidents.find((item) => item.incident?.station?.id === station.id)?.incident;
      expect(incident).toMatchObject({ rule: 'connector_faulted', connector_id: 1, station: { id: station.id } });
      const { incidents, incidents_total: total } = await snapshot();
      expect(incidents.find((item) => item.id === incident?.id)).toMatchObject({ rule: 'connector_faulted' });
      expect(total).toBeGreaterThanOrEqual(1);

      await client.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
      await readUntil(reader, (delta) => delta.incidents.some((item) => item.id === incident?.id && !item.open));
      expect((await snapshot()).incidents.some((item) => item.id === incident?.id)).toBe(false);
    } finally {
      controller.abort();
    }
  });

  it('coalesces a burst of one station into one entry of one event', async () => {
    const station = await buildChargePointStation(db(), context.config, { merchantId });
    const controller = new AbortController();
    const stream = await fetch(`${endpoint.replace('ws://', 'http://').replace('/ocpp', '')}/api/v1/live/events/`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    try {
      const client = await connectChargePoint({ endpoint, identity: station.identity });
      clients.push(client);
      await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'Live-1' });
      for (const status of ['Preparing', 'Available', 'Preparing', 'Available', 'Preparing']) {
        await client.call('StatusNotification', { connectorId: 1, status, errorCode: 'NoError' });
      }
      // The six messages came within a few windows: the station is in far fewer events, the last one its final state.
      const events = await collectFor(reader, 1_500);
      const entries = events.flatMap((delta) => delta.stations.filter((item) => item.id === station.id));
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries.length).toBeLessThanOrEqual(3);
      expect(entries.at(-1)?.state).toBe('available');
    } finally {
      controller.abort();
    }
  });

  it('answers the opening comment at once to a request that does not accept an event stream', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/live/events/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(': connected\n\n');
  });
});

describe("the board's counters, brute force", () => {
  /** A small deterministic generator (mulberry32), so that a failure repeats with its seed. */
  const generator = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const STATUSES = [
    'Available',
    'Preparing',
    'Charging',
    'SuspendedEV',
    'SuspendedEVSE',
    'Finishing',
    'Reserved',
    'Unavailable',
    'Faulted',
  ];

  interface Drawn {
    id: number;
    active: boolean;
    chargePoint: { connected: boolean; silentS: number; heartbeatIntervalS: number } | null;
    statuses: string[];
  }

  /** The rule of docs/product/live.md, written out plainly: offline > faulted > charging > available. */
  const expectedState = (station: Drawn) => {
    const point = station.chargePoint;
    if (!point || !point.connected || point.silentS >= 3 * point.heartbeatIntervalS) {
      return 'offline';
    }
    if (station.statuses.some((status) => status === 'Faulted' || status === 'Unavailable')) {
      return 'faulted';
    }
    if (station.statuses.some((status) => ['Charging', 'SuspendedEV', 'SuspendedEVSE'].includes(status))) {
      return 'charging';
    }
    return 'available';
  };

  const expectBoard = async (drawn: Drawn[], before: TLiveSnapshot['counts']) => {
    const board = await snapshot();
    const stateOf = new Map(board.stations.map((tuple) => [tuple[0], tuple[5]]));
    const expected = { ...before };
    for (const station of drawn) {
      if (!station.active) {
        expect(stateOf.has(station.id), `station ${station.id} is inactive`).toBe(false);
        continue;
      }
      const state = expectedState(station);
      expected[state] += 1;
      expect(stateOf.get(station.id), JSON.stringify(station)).toBe(state);
    }
    expect(board.counts).toEqual(expected);
    // The counters are the tuples' states counted.
    const counted = { charging: 0, available: 0, offline: 0, faulted: 0 };
    for (const tuple of board.stations) {
      counted[tuple[5]] += 1;
    }
    expect(board.counts).toEqual(counted);
    expect(board.stations.map((tuple) => tuple[0])).toEqual(
      [...board.stations.map((tuple) => tuple[0])].sort((a, b) => a - b),
    );
  };

  it('counts stations by state as a plain reading of the rule does, over random stations, and after changes', async () => {
    const random = generator(35_005);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const before = (await snapshot()).counts;
    const drawn: Drawn[] = [];
    for (let index = 0; index < 40; index += 1) {
      const active = random() > 0.15;
      const station = await buildStation(db(), { merchantId, isActive: active });
      const heartbeatIntervalS = pick([30, 60, 300]);
      const chargePoint =
        random() < 0.2
          ? null
          : {
              connected: random() > 0.2,
              // About half past the three missed heartbeats, away from the boundary (the test takes seconds).
              silentS: random() < 0.5 ? Math.floor(random() * 2 * heartbeatIntervalS) : 3 * heartbeatIntervalS + 60,
              heartbeatIntervalS,
            };
      if (chargePoint) {
        await buildSilentChargePoint(db(), station.id, chargePoint.silentS, chargePoint);
      }
      const statuses = chargePoint ? Array.from({ length: Math.floor(random() * 4) }, () => pick(STATUSES)) : [];
      for (const [connectorId, status] of statuses.entries()) {
        await db().insert(chargePointConnectors).values({ stationId: station.id, connectorId, status });
      }
      drawn.push({ id: station.id, active, chargePoint, statuses });
    }
    await expectBoard(drawn, before);

    // Changes of states, of a station's activity and of its name: the next snapshot reads them all.
    for (const station of drawn) {
      if (random() < 0.3) {
        station.active = !station.active;
        await db()
          .update(stationsTable)
          .set({ status: station.active ? 0 : 1, nameEn: `Renamed ${station.id}` })
          .where(eq(stationsTable.id, station.id));
      }
      if (station.chargePoint && station.statuses.length > 0 && random() < 0.5) {
        const connectorId = Math.floor(random() * station.statuses.length);
        const status = pick(STATUSES);
        station.statuses[connectorId] = status;
        await db()
          .update(chargePointConnectors)
          .set({ status })
          .where(
            and(eq(chargePointConnectors.stationId, station.id), eq(chargePointConnectors.connectorId, connectorId)),
          );
      }
      if (station.chargePoint && random() < 0.2) {
        station.chargePoint.connected = !station.chargePoint.connected;
        await db()
          .update(chargePoints)
          .set({
            connectedAt: station.chargePoint.connected
              ? new Date(Date.now() - station.chargePoint.silentS * 1000)
              : null,
          })
          .where(eq(chargePoints.stationId, station.id));
      }
    }
    await expectBoard(drawn, before);
    const renamed = drawn.filter((station) => station.active).map((station) => station.id);
    const names = new Map((await snapshot()).stations.map((tuple) => [tuple[0], tuple[1]]));
    const stored = await db()
      .select({ id: stationsTable.id, name: stationsTable.nameEn })
      .from(stationsTable)
      .where(inArray(stationsTable.id, renamed));
    for (const row of stored) {
      expect(names.get(row.id)).toBe(row.name);
    }
  });
});
