import type { TPermission } from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { chargePointLocalLists } from './ocpp.local-list.tables';
import { chargePointCommands } from './ocpp.tables';

// Bulk commands over selected stations and the operator's Full local list, against charge points over a real websocket.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
let roleSerial = 0;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '800';
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
});

const station = () =>
  buildChargePointStation(db(), context.config, { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });

const connect = async (identity: string) => {
  const client = await connectChargePoint({ endpoint, identity });
  clients.push(client);
  return client;
};

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-bulk-${roleSerial}`;
  await db().execute(
    sql`insert into roles (key, name, permissions) values (${key}, ${`OCPP bulk ${roleSerial}`}, string_to_array(${permissions.join(',')}, ','))`,
  );
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

const bulk = (payload: unknown, options: { as?: Record<string, string>; language?: string } = {}) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/ocpp/commands/bulk/',
    headers: { ...(options.as ?? headers), 'accept-language': options.language ?? 'en' },
    payload: payload as Record<string, unknown>,
  });

describe('POST /ocpp/commands/bulk/', () => {
  it('resets each station and answers what each came to, every command in its log', async () => {
    const [online, refusing, silent, offline] = [await station(), await station(), await station(), await station()];
    const asked: unknown[] = [];
    (await connect(online.identity)).handle('Reset', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    (await connect(refusing.identity)).handle('Reset', async () => ({ status: 'Rejected' }));
    (await connect(silent.identity)).handle('Reset', () => new Promise(() => undefined));
    const response = await bulk(
      {
        station_ids: [online.id, refusing.id, silent.id, offline.id, 999_999, online.id],
        action: 'Reset',
        payload: { type: 'Soft' },
      },
      { language: 'ru' },
    );
    expect(response.statusCode).toBe(200);
    const items = response.json<{
      items: { station_id: number; result: string; status: string | null; detail: string }[];
    }>().items;
    expect(items.map(({ station_id, result, status }) => [station_id, result, status])).toEqual([
      [online.id, 'accepted', 'accepted'],
      [refusing.id, 'rejected', 'rejected'],
      [silent.id, 'timeout', 'timeout'],
      [offline.id, 'offline', 'not_connected'],
      [999_999, 'error', null],
    ]);
    expect(items.map((item) => item.detail)).toEqual([
      'Зарядная станция приняла команду',
      'Зарядная станция отклонила команду',
      'Зарядная станция не ответила вовремя',
      'Зарядная станция не подключена',
      'Станция не найдена',
    ]);
    expect(asked).toEqual([{ type: 'Soft' }]);
    const logged = await db()
      .select({ stationId: chargePointCommands.stationId, action: chargePointCommands.action })
      .from(chargePointCommands)
      .where(eq(chargePointCommands.stationId, online.id));
    expect(logged).toEqual([{ stationId: online.id, action: 'Reset' }]);
  });

  it('changes a configuration key, flagging a reboot-required answer', async () => {
    const built = await station();
    (await connect(built.identity)).handle('ChangeConfiguration', async () => ({ status: 'RebootRequired' }));
    const response = await bulk({
      station_ids: [built.id],
      action: 'ChangeConfiguration',
      payload: { key: 'HeartbeatInterval', value: '120' },
    });
    expect(response.json()).toMatchObject({
      items: [{ station_id: built.id, result: 'accepted', reboot_required: true, name: expect.any(String) }],
    });
  });

  it('refuses without the action permission: Reset needs stations.reset, UpdateFirmware stations.manage_charge_point', async () => {
    const built = await station();
    const viewer = await accountWith(['stations.view']);
    const resetter = await accountWith(['stations.view', 'stations.reset']);
    const reset = { station_ids: [built.id], action: 'Reset', payload: { type: 'Hard' } };
    const firmware = { station_ids: [built.id], action: 'UpdateFirmware', payload: { firmwareId: 1 } };
    const configuration = {
      station_ids: [built.id],
      action: 'ChangeConfiguration',
      payload: { key: 'HeartbeatInterval', value: '60' },
    };
    expect((await bulk(reset, { as: viewer })).statusCode).toBe(403);
    expect((await bulk(configuration, { as: viewer })).statusCode).toBe(403);
    expect((await bulk(firmware, { as: resetter })).statusCode).toBe(403);
    expect((await bulk(reset, { as: resetter })).statusCode).toBe(200);
    expect((await bulk(configuration, { as: resetter })).statusCode).toBe(200);
  });

  it('validates: stations given, at most 500, a known action, its payload; an unknown firmware is 404', async () => {
    const built = await station();
    const tooMany = await bulk(
      { station_ids: Array.from({ length: 501 }, (_, i) => i + 1), action: 'Reset', payload: { type: 'Hard' } },
      { language: 'ky' },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('Бир эле учурда 500 станциядан ашпайт');
    expect((await bulk({ station_ids: [], action: 'Reset', payload: { type: 'Hard' } })).statusCode).toBe(400);
    expect((await bulk({ station_ids: [built.id], action: 'ClearCache', payload: {} })).statusCode).toBe(400);
    expect((await bulk({ station_ids: [built.id], action: 'Reset', payload: { type: 'Later' } })).statusCode).toBe(400);
    expect((await bulk({ station_ids: ['x'], action: 'Reset', payload: { type: 'Hard' } })).statusCode).toBe(400);
    const firmware = await bulk({
      station_ids: [built.id],
      action: 'UpdateFirmware',
      payload: { firmwareId: 987_654 },
    });
    expect(firmware.statusCode).toBe(404);
  });
});

describe('POST /ocpp/stations/{id}/local-list/send-full/', () => {
  it("sends the network's Full list, answers the version, and keeps the charge point's list as the network's", async () => {
    await buildUser(db(), { idTags: [{ idTag: 'BULK-FULL-01', kind: 'rfid' }] });
    const built = await station();
    const received: { listVersion: number; updateType: string; localAuthorizationList: { idTag: string }[] }[] = [];
    (await connect(built.identity)).handle('SendLocalList', async ({ params }) => {
      received.push(params as (typeof received)[number]);
      return { status: 'Accepted' };
    });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/ocpp/stations/${built.id}/local-list/send-full/`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; detail: string; list_version: number; entries: number }>();
    expect(body.status).toBe('accepted');
    expect(body.detail).toBe(`The charge point accepted the full list, version ${body.list_version}`);
    expect(received).toHaveLength(1);
    expect(received[0]?.updateType).toBe('Full');
    expect(received[0]?.listVersion).toBe(body.list_version);
    expect(received[0]?.localAuthorizationList.map((entry) => entry.idTag)).toContain('BULK-FULL-01');
    const [state] = await db()
      .select()
      .from(chargePointLocalLists)
      .where(eq(chargePointLocalLists.stationId, built.id));
    expect(state).toMatchObject({ supported: true, version: body.list_version, fromNetwork: true });
  });

  it('answers not connected for an offline charge point, 403 without stations.manage_charge_point, 404 for none', async () => {
    const built = await station();
    const send = (id: number, as = headers) =>
      context.app.inject({ method: 'POST', url: `/api/v1/ocpp/stations/${id}/local-list/send-full/`, headers: as });
    expect((await send(built.id)).json()).toMatchObject({ status: 'not_connected' });
    expect((await send(built.id, await accountWith(['stations.view', 'stations.reset']))).statusCode).toBe(403);
    expect((await send(999_999)).statusCode).toBe(404);
  });
});
