import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { charges } from '../charges';

// Commands from the dashboard reaching a real charge point over a real websocket: reset, remote stop, the commands of
// station info, and the command log.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1000';
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

const reset = (identity: string, type: 'Hard' | 'Soft', language = 'en') =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/stations/reset/${identity}/`,
    headers: { ...headers, 'accept-language': language },
    payload: { reset_type: type },
  });

const commandLog = async (stationId: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/commands/`, headers })).json<{
    total: number;
    items: {
      action: string;
      status: string;
      request: unknown;
      response: unknown;
      account: string | null;
      duration_ms: number;
    }[];
  }>();

describe('reset', () => {
  it('answers the documented success message when the charge point accepts, and logs the command', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const asked: unknown[] = [];
    client.handle('Reset', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    const response = await reset(built.identity, 'Hard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, detail: 'Action: Restart (Hard) completed successfully.' });
    expect(asked).toEqual([{ type: 'Hard' }]);
    const log = await commandLog(built.id);
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      action: 'Reset',
      status: 'accepted',
      request: { type: 'Hard' },
      response: { status: 'Accepted' },
    });
    expect(log.items[0]?.account).not.toBeNull();
  });

  it('answers the failure message when the charge point rejects, times out or is not connected', async () => {
    const failure = { success: false, detail: 'Failed to send the restart request. Please try again.' };
    const rejecting = await station();
    (await connect(rejecting.identity)).handle('Reset', async () => ({ status: 'Rejected' }));
    expect((await reset(rejecting.identity, 'Soft')).json()).toEqual(failure);

    const silent = await station();
    (await connect(silent.identity)).handle('Reset', () => new Promise(() => undefined));
    expect((await reset(silent.identity, 'Soft')).json()).toEqual(failure);

    const absent = await station();
    expect((await reset(absent.identity, 'Soft', 'ru')).json()).toEqual({
      success: false,
      detail: 'Не удалось отправить запрос на перезагрузку. Попробуйте ещё раз.',
    });
    expect((await commandLog(rejecting.id)).items[0]?.status).toBe('rejected');
    expect((await commandLog(silent.id)).items[0]?.status).toBe('timeout');
    expect((await commandLog(absent.id)).items[0]?.status).toBe('not_connected');
  });
});

describe('remote stop', () => {
  const startSession = async (client: RPCClient, idTag: string) =>
    (
      (await client.call('StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number }
    ).transactionId;

  it('sends RemoteStopTransaction: success once accepted, and the charge finishes when StopTransaction arrives', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'REMOTE-STOP-1', kind: 'app' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const transactionId = await startSession(client, 'REMOTE-STOP-1');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
    client.handle('RemoteStopTransaction', async ({ params }) => {
      setTimeout(() => {
        void client.call('StopTransaction', {
          transactionId: (params as { transactionId: number }).transactionId,
          meterStop: 5_000,
          timestamp: new Date().toISOString(),
          reason: 'Remote',
        });
      }, 50);
      return { status: 'Accepted' };
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/transactions/stop/',
      headers,
      payload: { transaction_id: charge!.id },
    });
    expect(response.json()).toEqual({ success: true });
    await expect
      .poll(async () => (await db().select().from(charges).where(eq(charges.id, charge!.id)))[0]?.status)
      .toBe('stopped');
    // 5 kWh at 20 som: 100 som from 500.
    expect(await balanceOf(db(), user.id)).toBe(40_000n);
    expect((await commandLog(built.id)).items[0]).toMatchObject({
      action: 'RemoteStopTransaction',
      status: 'accepted',
    });
  });

  it('answers success false when the charge point rejects, and the charge keeps running', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'REMOTE-STOP-2', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const transactionId = await startSession(client, 'REMOTE-STOP-2');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
    client.handle('RemoteStopTransaction', async () => ({ status: 'Rejected' }));
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users/transactions/stop/',
      headers,
      payload: { transaction_id: charge!.id },
    });
    expect(response.json()).toEqual({ success: false, detail: 'Не удалось остановить зарядку. Попробуйте ещё раз.' });
    expect((await db().select().from(charges).where(eq(charges.id, charge!.id)))[0]?.status).toBe('in_progress');
  });
});

describe('commands of station info', () => {
  it('sends ChangeAvailability, UnlockConnector, TriggerMessage, GetConfiguration and ChangeConfiguration', async () => {
    const built = await station();
    const client = await connect(built.identity);
    client.handle('ChangeAvailability', async () => ({ status: 'Scheduled' }));
    client.handle('UnlockConnector', async () => ({ status: 'Unlocked' }));
    client.handle('TriggerMessage', async () => ({ status: 'Accepted' }));
    client.handle('GetConfiguration', async () => ({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
    }));
    client.handle('ChangeConfiguration', async () => ({ status: 'Rejected' }));
    const send = (body: object) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/ocpp/stations/${built.id}/commands/`,
        headers,
        payload: body,
      });
    expect(
      (await send({ action: 'ChangeAvailability', payload: { connectorId: 0, type: 'Inoperative' } })).json(),
    ).toEqual({
      status: 'accepted',
      reboot_required: false,
      detail: 'Зарядная станция приняла команду',
      response: { status: 'Scheduled' },
    });
    expect((await send({ action: 'UnlockConnector', payload: { connectorId: 1 } })).json().status).toBe('accepted');
    expect((await send({ action: 'TriggerMessage', payload: { requestedMessage: 'Heartbeat' } })).json().status).toBe(
      'accepted',
    );
    const configuration = (await send({ action: 'GetConfiguration', payload: {} })).json();
    expect(configuration).toMatchObject({
      status: 'accepted',
      response: { configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }], unknownKey: [] },
    });
    expect(
      (await send({ action: 'ChangeConfiguration', payload: { key: 'HeartbeatInterval', value: 'x' } })).json().status,
    ).toBe('rejected');
    expect((await send({ action: 'Reset', payload: { type: 'Hard' } })).statusCode).toBe(400);
    expect((await send({ action: 'UnlockConnector', payload: { connectorId: 0 } })).statusCode).toBe(400);
    const log = await commandLog(built.id);
    expect(log.items.map((item) => item.action)).toEqual([
      'ChangeConfiguration',
      'GetConfiguration',
      'TriggerMessage',
      'UnlockConnector',
      'ChangeAvailability',
    ]);
  });
});
