import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../test/ocpp-builders';
import { createTestContext, type TestContext } from '../test/test-app';

// Every log line of a request or an OCPP exchange carries its id (docs/design.md, section 6, "Watching it"): the app's
// log read back as the JSON lines it writes.
let context: TestContext;
let app: FastifyInstance;
const raw: string[] = [];
const lines: Record<string, unknown>[] = [];
const clients: RPCClient[] = [];

beforeAll(async () => {
  context = await createTestContext();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(text);
        lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });
  app = await context.buildAnotherApp({ logger: { level: 'debug', stream } });
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const messagesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId).map((line) => line.msg);

describe('an HTTP request', () => {
  it("keeps the caller's plain x-request-id, answers it, and names it in every line its work writes", async () => {
    const account = await buildAccount(context.database.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password-reset/',
      payload: { email: account.email },
      headers: { 'accept-language': 'en', 'x-request-id': 'edge-7f3a9c' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-7f3a9c');
    // The recovery mail goes out after the answer, through the process's logger rather than the request's.
    await app.mailer.flush();
    expect(messagesOf('edge-7f3a9c')).toEqual([
      'incoming request',
      'request completed',
      'SMTP_URL is not set: mail kept in the outbox table',
      'mail kept in the outbox table',
    ]);
    // Written once per line, whether the logger binds it (the request's) or the mixin adds it (the mailer's).
    const withId = raw.filter((text) => text.includes('edge-7f3a9c'));
    expect(withId).toHaveLength(4);
    for (const text of withId) {
      expect(text.split('"reqId"')).toHaveLength(2);
    }
  });

  it('makes up an id when the header is missing or not a plain token', async () => {
    for (const given of [undefined, 'two words', 'x'.repeat(129), 'quote"d']) {
      const response = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(messagesOf(id)).toEqual(['incoming request', 'request completed']);
    }
  });

  it('answers the id on a 404 too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing/', headers: { 'x-request-id': 'lost-1' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('lost-1');
  });
});

describe('an OCPP connection', () => {
  it("names its charge point, its connection and each message's id, and a dashboard command's request", async () => {
    const db = context.database.db;
    const endpoint = await listenForChargePoints(app);
    const { headers } = await signIn(app, await buildAccount(db, { roleKey: 'superadmin' }));
    const station = await buildChargePointStation(db, context.config, {
      merchantId: (await buildMerchant(db)).id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const client = await connectChargePoint({ endpoint, identity: station.identity });
    clients.push(client);
    // The message ids as the charge point sent and received them.
    const sent = new Map<string, string>();
    const received = new Map<string, string>();
    client.on('call', ({ outbound, payload }: { outbound: boolean; payload: [number, string, string] }) => {
      (outbound ? sent : received).set(payload[2], payload[1]);
    });
    client.handle('Reset', async () => ({ status: 'Accepted' }));
    await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'Test' });

    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/stations/reset/${station.identity}/`,
      headers: { ...headers, 'x-request-id': 'dashboard-reset-1' },
      payload: { reset_type: 'Soft' },
    });
    expect(response.statusCode).toBe(200);

    const ofStation = lines.filter((line) => line.cp === station.identity);
    const connected = ofStation.find((line) => line.msg === 'ocpp charge point connected');
    expect(connected?.conn).toEqual(expect.any(String));
    const boot = ofStation.find((line) => line.action === 'BootNotification');
    expect(boot).toMatchObject({
      msg: 'ocpp call answered',
      dir: 'in',
      conn: connected?.conn,
      msgId: sent.get('BootNotification'),
      level: 20,
    });
    expect(boot?.reqId).toBeUndefined();
    const reset = ofStation.find((line) => line.action === 'Reset');
    expect(reset).toMatchObject({
      msg: 'ocpp call answered',
      dir: 'out',
      conn: connected?.conn,
      msgId: received.get('Reset'),
      reqId: 'dashboard-reset-1',
      level: 30,
    });
    expect(messagesOf('dashboard-reset-1')).toEqual(['incoming request', 'ocpp call answered', 'request completed']);

    await client.close({ force: true });
    await expect
      .poll(() => ofStationNow(station.identity).find((line) => line.msg === 'ocpp charge point disconnected'))
      .toMatchObject({ conn: connected?.conn });
  });
});

const ofStationNow = (identity: string) => lines.filter((line) => line.cp === identity);
