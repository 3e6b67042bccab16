import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../test/ocpp-builders';
import { createTestContext, type TestContext } from '../test/test-app';

// A command's request id crosses to the process that holds the charge point (docs/design.md, section 6, "Watching
// it"): two apps on one PostgreSQL database, each with its own bus connection, as two processes are.
let context: TestContext;
let client: RPCClient | undefined;

const logTo = (lines: Record<string, unknown>[]) =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await client?.close({ force: true });
  await context.close();
});

describe('a command sent through another process', () => {
  it("names the dashboard request in the holding process's exchange line", async () => {
    const holderLines: Record<string, unknown>[] = [];
    const senderLines: Record<string, unknown>[] = [];
    const holder: FastifyInstance = await context.buildAnotherApp({ logger: { level: 'info', stream: logTo(holderLines) } });
    const sender: FastifyInstance = await context.buildAnotherApp({ logger: { level: 'debug', stream: logTo(senderLines) } });
    const db = context.database.db;
    const endpoint = await listenForChargePoints(holder);
    const station = await buildChargePointStation(db, context.config, { merchantId: (await buildMerchant(db)).id });
    client = await connectChargePoint({ endpoint, identity: station.identity });
    client.handle('Reset', async () => ({ status: 'Accepted' }));
    await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });

    const { headers } = await signIn(sender, await buildAccount(db, { roleKey: 'superadmin' }));
    const response = await sender.inject({
      method: 'POST',
      url: `/api/v1/stations/reset/${station.identity}/`,
      headers: { ...headers, 'accept-language': 'en', 'x-request-id': 'routed-reset-1' },
      payload: { reset_type: 'Soft' },
    });
    expect(response.json()).toEqual({ success: true, detail: 'Action: Restart (Soft) completed successfully.' });
    expect(senderLines).toContainEqual(
      expect.objectContaining({ msg: 'ocpp command sent to the process holding the charge point', reqId: 'routed-reset-1' }),
    );
    expect(holderLines).toContainEqual(
      expect.objectContaining({
        msg: 'ocpp call answered',
        cp: station.identity,
        action: 'Reset',
        dir: 'out',
        reqId: 'routed-reset-1',
        msgId: expect.any(String),
        conn: expect.any(String),
      }),
    );
  });
});
