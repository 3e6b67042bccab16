import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import {
  buildChargePointStation,
  connectChargePoint,
  listenForChargePoints,
  refusalOf,
} from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { charges } from '../charges';
import { chargePoints } from './ocpp.tables';

// The central system over a real websocket on a real port: the handshake, every core-profile message a charge point
// sends, and what the server refuses.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1500';
  process.env.OCPP_RATE_LIMIT = '40';
  process.env.OCPP_MIN_BALANCE = '10.00';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
  delete process.env.OCPP_CALL_TIMEOUT_MS;
  delete process.env.OCPP_RATE_LIMIT;
  delete process.env.OCPP_MIN_BALANCE;
});

const station = (overrides: { isActive?: boolean } = {}) =>
  buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
    ...overrides,
  });

const connect = async (identity: string, more: { strictMode?: boolean } = {}) => {
  const client = await connectChargePoint({ endpoint, identity, ...more });
  clients.push(client);
  return client;
};

const stateOf = async (stationId: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/`, headers })).json<{
    online: boolean;
    connected: boolean;
    last_heartbeat: string | null;
    vendor: string | null;
    model: string | null;
    serial_number: string | null;
    firmware_version: string | null;
    connectors: { connector_id: number; status: string; error_code: string; power_w: number | null }[];
  }>();

const closed = (client: RPCClient) =>
  new Promise<{ code: number }>((resolve) => client.once('close', (event: { code: number }) => resolve(event)));

describe('the handshake', () => {
  it('accepts the station identity and password with the ocpp1.6 subprotocol', async () => {
    const built = await station();
    const client = await connect(built.identity);
    expect(client.protocol).toBe('ocpp1.6');
    // Recorded as the connection opens, a moment after the handshake.
    await expect.poll(async () => (await stateOf(built.id)).connected).toBe(true);
  });

  it('refuses a wrong password, an unknown or inactive station and a missing subprotocol', async () => {
    const active = await station();
    const inactive = await station({ isActive: false });
    expect(await refusalOf({ endpoint, identity: active.identity, password: 'wrong-password-0001' })).toBe(401);
    expect(await refusalOf({ endpoint, identity: active.identity, password: null })).toBe(401);
    expect(await refusalOf({ endpoint, identity: 'CP-NOBODY-HERE' })).toBe(404);
    expect(await refusalOf({ endpoint, identity: inactive.identity })).toBe(404);
    expect(await refusalOf({ endpoint, identity: active.identity, protocols: [] })).toBe(400);
    expect(await refusalOf({ endpoint, identity: active.identity, protocols: ['ocpp2.0.1'] })).toBe(400);
  });

  it('replaces the first connection when a second one comes with the same identity', async () => {
    const built = await station();
    const first = await connect(built.identity);
    const firstClosed = closed(first);
    const second = await connect(built.identity);
    expect((await firstClosed).code).toBe(1000);
    await expect(second.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });
});

describe('core profile', () => {
  it('BootNotification is accepted with the heartbeat interval and stores vendor, model, serial and firmware', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const answer = (await client.call('BootNotification', {
      chargePointVendor: 'Zaryad',
      chargePointModel: 'ZR-60',
      chargePointSerialNumber: 'SN-0001',
      firmwareVersion: '1.4.2',
    })) as { status: string; interval: number; currentTime: string };
    expect(answer.status).toBe('Accepted');
    expect(answer.interval).toBe(300);
    expect(Number.isNaN(Date.parse(answer.currentTime))).toBe(false);
    const state = await stateOf(built.id);
    expect(state).toMatchObject({
      vendor: 'Zaryad',
      model: 'ZR-60',
      serial_number: 'SN-0001',
      firmware_version: '1.4.2',
    });
    await expect.poll(async () => (await stateOf(built.id)).online).toBe(true);
  });

  it('Heartbeat answers the time and keeps the station online; three missed intervals make it offline', async () => {
    const built = await station();
    const client = await connect(built.identity);
    await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });
    // The boot's time, read before the heartbeat: the flush that writes the heartbeat's may come at any moment after.
    const bootedHeartbeat = (await stateOf(built.id)).last_heartbeat;
    const answer = (await client.call('Heartbeat', {})) as { currentTime: string };
    expect(Math.abs(Date.parse(answer.currentTime) - Date.now())).toBeLessThan(5_000);
    await expect.poll(async () => (await stateOf(built.id)).online).toBe(true);
    // The heartbeat's time is written within a second (in one statement for all charge points).
    await expect.poll(async () => (await stateOf(built.id)).last_heartbeat).not.toBe(bootedHeartbeat);
    await db()
      .update(chargePoints)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 300 * 1000 - 1000) })
      .where(eq(chargePoints.stationId, built.id));
    expect((await stateOf(built.id)).online).toBe(false);
  });

  it("times every call into the process's metrics by action and outcome, and counts the connections", async () => {
    const built = await station();
    const client = await connect(built.identity);
    await client.call('Heartbeat', {});
    await expect(
      client.call('StartTransaction', { connectorId: 9, idTag: 'X', meterStart: 0, timestamp: new Date().toISOString() }),
    ).rejects.toHaveProperty('rpcErrorCode');
    const { registry } = context.app.metrics;
    const messages = await registry.getSingleMetricAsString('zaryad_ocpp_message_duration_seconds');
    expect(messages).toMatch(/_count\{action="Heartbeat",outcome="accepted"\} [1-9]/);
    expect(messages).toMatch(/_count\{action="StartTransaction",outcome="error"\} [1-9]/);
    const connections = await registry.getSingleMetricAsString('zaryad_ocpp_connections');
    expect(Number(/zaryad_ocpp_connections (\d+)/.exec(connections)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('StatusNotification maps each connector by its OCPP id, 0 being the station, and keeps errors', async () => {
    const built = await station();
    const client = await connect(built.identity);
    await client.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError' });
    await client.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await client.call('StatusNotification', {
      connectorId: 2,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
    });
    const connectors = (await stateOf(built.id)).connectors;
    expect(connectors.map((c) => [c.connector_id, c.status, c.error_code])).toEqual([
      [0, 'Available', 'NoError'],
      [1, 'Charging', 'NoError'],
      [2, 'Faulted', 'GroundFailure'],
    ]);
  });

  it('Authorize looks the id tag up among app users: Accepted, Blocked (blocked or low balance), Invalid', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const rich = await buildUser(db(), { idTags: [{ idTag: 'AUTH-RICH-01', kind: 'rfid' }] });
    await buildEntry(db(), rich.id, { credit: '100.00' });
    await buildUser(db(), { idTags: [{ idTag: 'AUTH-POOR-01', kind: 'rfid' }] });
    const blocked = await buildUser(db(), { status: 1, idTags: [{ idTag: 'AUTH-BLOCK-01', kind: 'app' }] });
    await buildEntry(db(), blocked.id, { credit: '100.00' });
    const status = async (idTag: string) =>
      ((await client.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;
    expect(await status('AUTH-RICH-01')).toBe('Accepted');
    expect(await status('AUTH-POOR-01')).toBe('Blocked');
    expect(await status('AUTH-BLOCK-01')).toBe('Blocked');
    expect(await status('AUTH-NOBODY')).toBe('Invalid');
  });

  it('a session becomes a charge: started with the tariff fixed, metered, finished with its cost debited', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'SESSION-01', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'SESSION-01',
      meterStart: 1_000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, started.transactionId));
    expect(charge).toMatchObject({ userId: user.id, stationId: built.id, source: 'rfid', status: 'in_progress' });
    expect(charge?.pricePerKwh).toBe(2000n);

    await client.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '6.000', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
    const [metered] = await db().select().from(charges).where(eq(charges.id, charge!.id));
    expect(metered?.meterLastWh).toBe(6_000);
    expect((await stateOf(built.id)).connectors.find((c) => c.connector_id === 1)?.power_w).toBe(22_000);

    const stop = {
      transactionId: started.transactionId,
      meterStop: 11_000,
      timestamp: new Date().toISOString(),
      idTag: 'SESSION-01',
      reason: 'Local',
    };
    await client.call('StopTransaction', stop);
    const [finished] = await db().select().from(charges).where(eq(charges.id, charge!.id));
    // 10 kWh at 20 som: 200 som, debited from 500.
    expect(finished).toMatchObject({ status: 'finished', energyWh: 10_000, totalCost: 20_000n });
    expect(await balanceOf(db(), user.id)).toBe(30_000n);
    // A repeated StopTransaction is answered and changes nothing.
    await expect(client.call('StopTransaction', stop)).resolves.toBeDefined();
    expect(await balanceOf(db(), user.id)).toBe(30_000n);
  });

  it('an unknown id tag is answered Invalid and books nothing (issue 34; ocpp.misbehaving.test.ts)', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const started = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'NOBODY-TAG',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Invalid');
    expect(await db().select().from(charges).where(eq(charges.stationId, built.id))).toEqual([]);
  });

  it('DataTransfer from the charge point is answered as unknown (unknown actions: bad input below)', async () => {
    const built = await station();
    const client = await connect(built.identity);
    expect(await client.call('DataTransfer', { vendorId: 'acme', messageId: 'x' })).toEqual({
      status: 'UnknownVendorId',
    });
  });
});

describe('bad input', () => {
  it('answers an unknown action and a schema-invalid payload with OCPP errors, and keeps the connection', async () => {
    const built = await station();
    const client = await connect(built.identity);
    await expect(client.call('MakeCoffee', {})).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });
    await expect(client.call('BootNotification', { chargePointVendor: 'Zaryad' })).rejects.toMatchObject({
      // OCPP 1.6 spells it OccurenceConstraintViolation; ocpp-rpc answers the later spelling.
      rpcErrorCode: expect.stringMatching(/^Occur+enceConstraintViolation$/),
    });
    await expect(
      client.call('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' }),
    ).rejects.toHaveProperty('rpcErrorCode');
    await expect(
      client.call('StartTransaction', {
        connectorId: 9,
        idTag: 'X',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('survives malformed JSON', async () => {
    const built = await station();
    const client = await connect(built.identity);
    client.sendRaw('[2, "1", "Heartbeat", {');
    client.sendRaw('{"not": "an array"}');
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('closes the connection on a frame over 64 KB', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const done = closed(client);
    client.sendRaw(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'x', data: 'x'.repeat(70_000) }]));
    expect((await done).code).toBe(1009);
  });

  it('closes a connection that floods the server', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const done = closed(client);
    const calls = Array.from({ length: 60 }, () => client.call('Heartbeat', {}).catch(() => null));
    expect((await done).code).toBe(1008);
    await Promise.all(calls);
    // Another station is not touched.
    const other = await station();
    const neighbour = await connect(other.identity);
    await expect(neighbour.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });
});
