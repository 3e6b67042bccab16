import type { TPermission } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, roles } from '../accounts';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { charges } from '../charges';

// Issue 34, item 1 (Core) through the command call: RemoteStartTransaction, ClearCache, DataTransfer, GetConfiguration of
// every key and ChangeConfiguration's RebootRequired, each payload validated by its action's schema, each action behind
// its permission, against a real charge point on a real websocket.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];
let roleSerial = 0;

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1500';
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
  delete process.env.OCPP_MIN_BALANCE;
});

const station = () =>
  buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
  });

const connect = async (identity: string) => {
  const client = await connectChargePoint({ endpoint, identity });
  clients.push(client);
  return client;
};

interface CommandResult {
  status: string;
  reboot_required: boolean;
  detail: string;
  response: unknown;
}

const send = (stationId: number, body: object, options: { as?: { authorization: string }; language?: string } = {}) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/commands/`,
    headers: { ...(options.as ?? headers), 'accept-language': options.language ?? 'en' },
    payload: body,
  });

const commandLog = async (stationId: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/commands/`, headers })).json<{
    items: { action: string; status: string; request: unknown; response: unknown; reboot_required: boolean }[];
  }>();

/** A driver who may charge (a balance above OCPP_MIN_BALANCE) with these id tags. */
const driver = async (idTags: { idTag: string; kind: 'rfid' | 'app' }[], more: { status?: 0 | 1 } = {}) => {
  const user = await buildUser(db(), { idTags, ...more });
  await buildEntry(db(), user.id, { credit: '500.00' });
  return user;
};

/** A signed-in account of a custom role holding exactly these permissions. */
const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-core-${roleSerial}`;
  await db()
    .insert(roles)
    .values({ key, name: `OCPP core ${roleSerial}`, permissions });
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

describe('RemoteStartTransaction', () => {
  it("by id tag: the charge point is sent the connector and the tag, and the charge it starts is that driver's", async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await driver([{ idTag: 'REMOTE-START-01', kind: 'rfid' }]);
    const asked: { connectorId: number; idTag: string }[] = [];
    client.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params as { connectorId: number; idTag: string });
      return { status: 'Accepted' };
    });
    const response = await send(built.id, {
      action: 'RemoteStartTransaction',
      payload: { connectorId: 2, idTag: 'REMOTE-START-01' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CommandResult>()).toEqual({
      status: 'accepted',
      reboot_required: false,
      detail: 'The charge point accepted the command',
      response: { status: 'Accepted' },
    });
    expect(asked).toEqual([{ connectorId: 2, idTag: 'REMOTE-START-01' }]);
    // The charge point starts the transaction it was asked for.
    const started = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'REMOTE-START-01',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, started.transactionId));
    expect(charge).toMatchObject({
      userId: user.id,
      stationId: built.id,
      connectorOcppId: 2,
      source: 'operator',
      status: 'in_progress',
    });
    expect((await commandLog(built.id)).items[0]).toMatchObject({
      action: 'RemoteStartTransaction',
      status: 'accepted',
      request: { connectorId: 2, idTag: 'REMOTE-START-01' },
    });
    // A later start with the same card at the connector is the driver's own again.
    await client.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 1_000,
      timestamp: new Date().toISOString(),
    });
    const again = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'REMOTE-START-01',
      meterStart: 1_000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    const [second] = await db().select().from(charges).where(eq(charges.ocppTransactionId, again.transactionId));
    expect(second).toMatchObject({ userId: user.id, source: 'rfid' });
  });

  it("by app user: the server sends the user's app token before an RFID card", async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await driver([
      { idTag: 'CARD-OF-USER-02', kind: 'rfid' },
      { idTag: 'APP-OF-USER-02', kind: 'app' },
    ]);
    const cardOnly = await driver([{ idTag: 'CARD-ONLY-03', kind: 'rfid' }]);
    const asked: unknown[] = [];
    client.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    expect(
      (
        await send(built.id, { action: 'RemoteStartTransaction', payload: { connectorId: 1, userId: user.id } })
      ).json<CommandResult>().status,
    ).toBe('accepted');
    expect(
      (await send(built.id, { action: 'RemoteStartTransaction', payload: { connectorId: 1, userId: cardOnly.id } }))
        .statusCode,
    ).toBe(200);
    expect(asked).toEqual([
      { connectorId: 1, idTag: 'APP-OF-USER-02' },
      { connectorId: 1, idTag: 'CARD-ONLY-03' },
    ]);
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-ONLY-03',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, started.transactionId));
    expect(charge).toMatchObject({ userId: cardOnly.id, source: 'operator' });
  });

  it("answers the charge point's refusal as rejected, and nothing starts", async () => {
    const built = await station();
    const client = await connect(built.identity);
    await driver([{ idTag: 'REFUSED-04', kind: 'rfid' }]);
    client.handle('RemoteStartTransaction', async () => ({ status: 'Rejected' }));
    const result = (
      await send(
        built.id,
        { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'REFUSED-04' } },
        { language: 'ru' },
      )
    ).json<CommandResult>();
    expect(result).toMatchObject({ status: 'rejected', detail: 'Зарядная станция отклонила команду' });
    expect(await db().select().from(charges).where(eq(charges.stationId, built.id))).toEqual([]);
  });

  it('refuses, translated, a driver who cannot charge, an unknown connector and a body without exactly one driver', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const asked: unknown[] = [];
    client.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    const blocked = await driver([{ idTag: 'BLOCKED-05', kind: 'app' }], { status: 1 });
    const poor = await buildUser(db(), { idTags: [{ idTag: 'POOR-05', kind: 'app' }] });
    const tagless = await driver([]);
    const refusal = async (payload: object, language = 'en') => {
      const response = await send(built.id, { action: 'RemoteStartTransaction', payload }, { language });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      return response.json<Record<string, string[]>>();
    };
    expect(await refusal({ connectorId: 1, idTag: 'NOBODY-05' })).toEqual({
      'payload.idTag': ['No driver of the network has this id tag'],
    });
    expect(await refusal({ connectorId: 1, idTag: 'NOBODY-05' }, 'ru')).toEqual({
      'payload.idTag': ['Ни у одного водителя сети нет такого идентификатора'],
    });
    expect(await refusal({ connectorId: 1, idTag: 'NOBODY-05' }, 'ky')).toEqual({
      'payload.idTag': ['Тармактын бир да айдоочусунда мындай идентификатор жок'],
    });
    expect(await refusal({ connectorId: 1, userId: 2_000_000_000 })).toEqual({
      'payload.userId': ['App user not found'],
    });
    expect(await refusal({ connectorId: 1, userId: tagless.id })).toEqual({
      'payload.userId': ['The driver has no id tag (an app token or an RFID card) to start a charge with'],
    });
    const mayNot = ['The driver may not charge: blocked, or the balance is not above the minimum'];
    expect(await refusal({ connectorId: 1, userId: blocked.id })).toEqual({ 'payload.userId': mayNot });
    expect(await refusal({ connectorId: 1, idTag: 'POOR-05' })).toEqual({ 'payload.idTag': mayNot });
    expect(await refusal({ connectorId: 7, userId: poor.id })).toEqual({
      'payload.connectorId': ['The station has no connector 7'],
    });
    const oneDriver = ['Give the driver: an id tag or an app user, one of the two'];
    expect(await refusal({ connectorId: 1 })).toEqual({ payload: oneDriver });
    expect(await refusal({ connectorId: 1, idTag: 'BLOCKED-05', userId: blocked.id })).toEqual({ payload: oneDriver });
    expect(Object.keys(await refusal({ connectorId: 0, idTag: 'BLOCKED-05' }))).toEqual(['payload.connectorId']);
    expect(Object.keys(await refusal({ connectorId: 1, idTag: 'X'.repeat(21) }))).toEqual(['payload.idTag']);
    // Nothing reached the charge point, and nothing was logged as sent.
    expect(asked).toEqual([]);
    expect((await commandLog(built.id)).items).toEqual([]);
  });
});

describe('ClearCache, DataTransfer, GetConfiguration and ChangeConfiguration', () => {
  it('ClearCache: accepted or rejected as the charge point answers', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const answers = ['Accepted', 'Rejected'];
    const asked: unknown[] = [];
    client.handle('ClearCache', async ({ params }) => {
      asked.push(params);
      return { status: answers.shift() };
    });
    expect((await send(built.id, { action: 'ClearCache', payload: {} })).json<CommandResult>().status).toBe('accepted');
    expect((await send(built.id, { action: 'ClearCache', payload: {} })).json<CommandResult>().status).toBe('rejected');
    expect(asked).toEqual([{}, {}]);
    expect((await commandLog(built.id)).items.map((item) => [item.action, item.status])).toEqual([
      ['ClearCache', 'rejected'],
      ['ClearCache', 'accepted'],
    ]);
  });

  it("DataTransfer: the vendor's message reaches the charge point and its data comes back", async () => {
    const built = await station();
    const client = await connect(built.identity);
    const asked: unknown[] = [];
    client.handle('DataTransfer', async ({ params }) => {
      asked.push(params);
      const { vendorId } = params as { vendorId: string };
      return vendorId === 'com.zaryad' ? { status: 'Accepted', data: '{"fan":"on"}' } : { status: 'UnknownVendorId' };
    });
    const payload = { vendorId: 'com.zaryad', messageId: 'fan', data: '{"fan":"toggle"}' };
    expect((await send(built.id, { action: 'DataTransfer', payload })).json<CommandResult>()).toMatchObject({
      status: 'accepted',
      response: { status: 'Accepted', data: '{"fan":"on"}' },
    });
    expect(
      (await send(built.id, { action: 'DataTransfer', payload: { vendorId: 'org.other' } })).json<CommandResult>()
        .status,
    ).toBe('rejected');
    expect(asked).toEqual([payload, { vendorId: 'org.other' }]);
    expect((await send(built.id, { action: 'DataTransfer', payload: { messageId: 'fan' } })).statusCode).toBe(400);
    expect(
      (await send(built.id, { action: 'DataTransfer', payload: { vendorId: 'v'.repeat(256) } })).json(),
    ).toHaveProperty(['payload.vendorId']);
  });

  it('GetConfiguration without keys asks for every key: the list with readonly, and unknownKey, always there', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const asked: unknown[] = [];
    client.handle('GetConfiguration', async ({ params }) => {
      asked.push(params);
      const { key } = params as { key?: string[] };
      if (key) {
        return {
          configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
          unknownKey: key.filter((name) => name !== 'HeartbeatInterval'),
        };
      }
      // A charge point that leaves out the empty unknownKey list.
      return {
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '300' },
          { key: 'NumberOfConnectors', readonly: true, value: '2' },
          { key: 'AuthorizationKey', readonly: false },
        ],
      };
    });
    const all = (await send(built.id, { action: 'GetConfiguration', payload: {} })).json<CommandResult>();
    expect(all).toEqual({
      status: 'accepted',
      reboot_required: false,
      detail: 'The charge point accepted the command',
      response: {
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '300' },
          { key: 'NumberOfConnectors', readonly: true, value: '2' },
          { key: 'AuthorizationKey', readonly: false },
        ],
        unknownKey: [],
      },
    });
    const some = (
      await send(built.id, { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval', 'NoSuchKey'] } })
    ).json<CommandResult>();
    expect(some.response).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['NoSuchKey'],
    });
    expect(asked).toEqual([{}, { key: ['HeartbeatInterval', 'NoSuchKey'] }]);
    expect((await commandLog(built.id)).items[1]?.response).toEqual(all.response);
  });

  it('ChangeConfiguration: RebootRequired is accepted and flagged, in the result and the log, in ru, en and ky', async () => {
    const built = await station();
    const client = await connect(built.identity);
    client.handle('ChangeConfiguration', async ({ params }) => {
      const { key } = params as { key: string };
      return {
        status:
          key === 'MeterValueSampleInterval'
            ? 'Accepted'
            : key === 'WebSocketPingInterval'
              ? 'RebootRequired'
              : 'NotSupported',
      };
    });
    const change = (key: string, language = 'en') =>
      send(built.id, { action: 'ChangeConfiguration', payload: { key, value: '60' } }, { language }).then((response) =>
        response.json<CommandResult>(),
      );
    expect(await change('MeterValueSampleInterval')).toMatchObject({ status: 'accepted', reboot_required: false });
    expect(await change('WebSocketPingInterval')).toEqual({
      status: 'accepted',
      reboot_required: true,
      detail: 'The charge point accepted the change: it takes effect after a reboot',
      response: { status: 'RebootRequired' },
    });
    expect((await change('WebSocketPingInterval', 'ru')).detail).toBe(
      'Зарядная станция приняла изменение: оно вступит в силу после перезагрузки',
    );
    expect((await change('WebSocketPingInterval', 'ky')).detail).toBe(
      'Кубаттоо түзмөгү өзгөртүүнү кабыл алды: ал кайра жүктөлгөндөн кийин күчүнө кирет',
    );
    expect(await change('Vendor.Unknown')).toMatchObject({ status: 'rejected', reboot_required: false });
    expect((await commandLog(built.id)).items.map((item) => item.reboot_required)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('translates every outcome: not connected, a timeout and an OCPP error', async () => {
    const absent = await station();
    expect(
      (await send(absent.id, { action: 'ClearCache', payload: {} }, { language: 'ky' })).json<CommandResult>(),
    ).toEqual({
      status: 'not_connected',
      reboot_required: false,
      detail: 'Кубаттоо түзмөгү туташкан эмес',
      response: null,
    });
    const built = await station();
    const client = await connect(built.identity);
    client.handle('ClearCache', () => new Promise(() => undefined));
    expect(
      (await send(built.id, { action: 'ClearCache', payload: {} }, { language: 'ru' })).json<CommandResult>(),
    ).toMatchObject({
      status: 'timeout',
      detail: 'Зарядная станция не ответила вовремя',
    });
    // No handler: the charge point answers NotImplemented.
    expect(
      (await send(built.id, { action: 'DataTransfer', payload: { vendorId: 'x' } })).json<CommandResult>(),
    ).toMatchObject({
      status: 'failed',
      detail: 'The charge point answered with an error',
      response: { error: 'NotImplemented' },
    });
  });

  it('refuses an unknown action and an action of another call (Reset)', async () => {
    const built = await station();
    expect((await send(built.id, { action: 'MakeCoffee', payload: {} })).statusCode).toBe(400);
    expect((await send(built.id, { action: 'Reset', payload: { type: 'Hard' } })).statusCode).toBe(400);
    expect((await send(built.id, { payload: {} })).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  const NEW_ACTIONS = [
    { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'ANYONE' } },
    { action: 'ClearCache', payload: {} },
    { action: 'DataTransfer', payload: { vendorId: 'x' } },
  ];
  const OLD_ACTIONS = [
    { action: 'ChangeAvailability', payload: { connectorId: 0, type: 'Operative' } },
    { action: 'UnlockConnector', payload: { connectorId: 1 } },
    { action: 'TriggerMessage', payload: { requestedMessage: 'Heartbeat' } },
    { action: 'GetConfiguration', payload: {} },
    { action: 'ChangeConfiguration', payload: { key: 'HeartbeatInterval', value: '60' } },
  ];

  it('the built-in roles: superadmin, manager and operator manage charge points; finance and analyst do not', () => {
    const holders = BUILT_IN_ROLES.filter((role) => role.permissions.includes('stations.manage_charge_point')).map(
      (role) => role.key,
    );
    expect(holders.sort()).toEqual(['manager', 'operator', 'superadmin']);
  });

  it('a role without stations.manage_charge_point gets 403 for the new actions, before its payload is looked at', async () => {
    const built = await station();
    const resetOnly = await accountWith(['stations.view', 'stations.reset']);
    for (const body of [...NEW_ACTIONS, { action: 'DataTransfer', payload: { vendorId: 42 } }]) {
      const response = await send(built.id, body, { as: resetOnly, language: 'ru' });
      expect(response.statusCode, body.action).toBe(403);
      expect(response.json()).toEqual({ detail: 'У вас недостаточно прав для выполнения данного действия.' });
    }
    // stations.reset keeps the commands it has allowed since issue 17 (the charge point is not connected here).
    for (const body of OLD_ACTIONS) {
      const response = await send(built.id, body, { as: resetOnly });
      expect(response.statusCode, body.action).toBe(200);
      expect(response.json<CommandResult>().status).toBe('not_connected');
    }
    const analyst = (await signIn(context.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
    for (const body of [...NEW_ACTIONS, ...OLD_ACTIONS]) {
      expect((await send(built.id, body, { as: analyst })).statusCode, body.action).toBe(403);
    }
    expect((await commandLog(built.id)).items.map((item) => item.action)).toEqual(
      OLD_ACTIONS.map((body) => body.action).reverse(),
    );
  });

  it('stations.manage_charge_point alone allows every action; stations.view alone reads only', async () => {
    const built = await station();
    await driver([{ idTag: 'MANAGER-TAG-09', kind: 'rfid' }]);
    const manager = await accountWith(['stations.view', 'stations.manage_charge_point']);
    const bodies = [
      { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'MANAGER-TAG-09' } },
      ...NEW_ACTIONS.slice(1),
      ...OLD_ACTIONS,
    ];
    for (const body of bodies) {
      const response = await send(built.id, body, { as: manager });
      expect(response.statusCode, body.action).toBe(200);
    }
    const viewer = await accountWith(['stations.view']);
    expect((await send(built.id, OLD_ACTIONS[0]!, { as: viewer })).statusCode).toBe(403);
    const log = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/commands/`,
      headers: viewer,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json<{ total: number }>().total).toBe(bodies.length);
  });
});
