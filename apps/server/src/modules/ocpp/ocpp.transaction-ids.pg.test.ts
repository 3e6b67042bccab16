import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, TEST_LOGIN_LIMIT, testConfig, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';

// Issue 34, item 2: a transaction id is never handed out twice, by two central systems on one PostgreSQL database at
// once (each with its own pool, as two server processes are), nor after one of them restarts. Ids come from the
// charges' sequence (never cycling); a refused start takes one from it too.
let context: TestContext;
let merchantId: number;
const handles: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];
const clients: RPCClient[] = [];

const db = () => context.database.db;

/** Another server on the same database, with a pool of its own (a second process, as far as the database can tell). */
const startServer = async () => {
  const url = (context.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  const handle = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 4 });
  handles.push(handle);
  const app = await buildApp({
    config: testConfig({ dataDir: context.config.dataDir }),
    database: handle,
    logger: false,
    loginLimit: TEST_LOGIN_LIMIT,
  });
  apps.push(app);
  return { app, handle, endpoint: await listenForChargePoints(app) };
};

beforeAll(async () => {
  context = await createTestContext();
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  for (const app of apps) {
    await app.close();
  }
  for (const handle of handles) {
    await handle.close();
  }
  await context.close();
});

/** `count` charge points connected to the server at `endpoint`, each with a driver who may charge. */
const chargePointsAt = async (endpoint: string, count: number, prefix: string) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const built = await buildChargePointStation(db(), context.config, {
        merchantId,
        connectors: [{ evse_id: 1, custom_fee: '20.00' }],
      });
      const client = await connectChargePoint({ endpoint, identity: built.identity });
      clients.push(client);
      const idTag = `${prefix}-${index}`;
      const user = await buildUser(db(), { idTags: [{ idTag, kind: 'rfid' }] });
      // Enough for the driver's charges at once to hold their share (docs/product/payments.md#4-states-and-rules).
      await buildEntry(db(), user.id, { credit: '10000.00' });
      return { client, idTag };
    }),
  );

/** Starts `rounds` transactions on every charge point at once, every other one for an unknown id tag. */
const startAll = async (points: { client: RPCClient; idTag: string }[], rounds: number) => {
  const answers = await Promise.all(
    points.flatMap(({ client, idTag }) =>
      Array.from(
        { length: rounds },
        async (_, round) =>
          (await client.call('StartTransaction', {
            connectorId: 1,
            idTag: round % 2 === 0 ? idTag : `${idTag}-X`,
            meterStart: 0,
            timestamp: new Date().toISOString(),
          })) as { transactionId: number; idTagInfo: { status: string } },
      ),
    ),
  );
  return answers;
};

describe('transaction ids on PostgreSQL', () => {
  it('two central systems at once, then one restarted: no id handed out twice, and later ids above earlier ones', async () => {
    const first = await startServer();
    const second = await startServer();
    const onFirst = await chargePointsAt(first.endpoint, 4, 'TXID-A');
    const onSecond = await chargePointsAt(second.endpoint, 4, 'TXID-B');
    const together = await startAll([...onFirst, ...onSecond], 6);
    const ids = together.map((answer) => answer.transactionId);
    expect(ids).toHaveLength(48);
    expect(new Set(ids).size).toBe(48);
    expect(together.filter((answer) => answer.idTagInfo.status === 'Accepted')).toHaveLength(24);
    expect(together.filter((answer) => answer.idTagInfo.status === 'Invalid')).toHaveLength(24);

    // The second server stops (its charge points with it) and starts again on the same database.
    for (const { client } of onSecond) {
      await client.close({ force: true });
    }
    apps.splice(apps.indexOf(second.app), 1);
    await second.app.close();
    await second.handle.close();
    const restarted = await startServer();
    const afterRestart = await startAll(await chargePointsAt(restarted.endpoint, 3, 'TXID-C'), 4);
    const later = afterRestart.map((answer) => answer.transactionId);
    expect(new Set([...ids, ...later]).size).toBe(ids.length + later.length);
    expect(Math.min(...later)).toBeGreaterThan(Math.max(...ids));
  });
});
