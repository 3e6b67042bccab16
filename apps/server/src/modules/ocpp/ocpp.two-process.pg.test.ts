import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { openEventStream } from '../../test/event-stream';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { chargePointStatusHistory } from './ocpp.history.tables';
import { chargePoints } from './ocpp.tables';

// Two server processes on one PostgreSQL database (docs/design.md#10-charge-points-ocpp-16j): a charge point connects to a second server
// process started here (`src/main.ts`), and a reset given to this one reaches it through LISTEN/NOTIFY; its status
// events reach this process too. Runs in the PostgreSQL run only.
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
// Derived from the port the machine gives this worktree's processes (PORT, else 8481), as every port we start.
const otherPort = Number(process.env.PORT ?? 8481) + 43;

let context: TestContext;
let headers: { authorization: string };
let other: ChildProcess;
let dataDir: string;
let output = '';
const clients: RPCClient[] = [];

const db = () => context.database.db;

const waitForHealth = async (url: string, deadline: number) => {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the second server did not start:\n${output}`);
};

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '3000';
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const databaseUrl = (context.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  dataDir = mkdtempSync(join(tmpdir(), 'zaryad-ocpp-other-'));
  other = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(otherPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: context.config.jwtSecret,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  other.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  other.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(`http://127.0.0.1:${otherPort}/healthz`, Date.now() + 50_000);
}, 60_000);

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  if (other && other.exitCode === null) {
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGTERM');
    await exited;
  }
  await context.close();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.OCPP_CALL_TIMEOUT_MS;
});

describe('two server processes on one PostgreSQL database', () => {
  it('routes a reset given to one process to the charge point connected to the other', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildChargePointStation(db(), context.config, { merchantId: merchant.id });
    const client = await connectChargePoint({
      endpoint: `ws://127.0.0.1:${otherPort}/ocpp`,
      identity: station.identity,
    });
    clients.push(client);
    const asked: unknown[] = [];
    client.handle('Reset', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });

    // This process holds no connection: the command goes through NOTIFY to the other, and its answer comes back.
    expect(context.app.chargePoints).toBeDefined();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/stations/reset/${station.identity}/`,
      headers: { ...headers, 'accept-language': 'en' },
      payload: { reset_type: 'Soft' },
    });
    expect(response.json()).toEqual({ success: true, detail: 'Action: Restart (Soft) completed successfully.' });
    expect(asked).toEqual([{ type: 'Soft' }]);

    const log = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${station.id}/commands/`,
      headers,
    });
    // Besides the reset, the other process asked the booted charge point for its status (the server's own command).
    expect(log.json<{ items: unknown[] }>().items).toContainEqual(
      expect.objectContaining({ action: 'Reset', status: 'accepted' }),
    );
    await expect
      .poll(async () => {
        const again = await context.app.inject({
          method: 'GET',
          url: `/api/v1/ocpp/stations/${station.id}/commands/`,
          headers,
        });
        return again.json<{ items: { action: string; request: unknown; account: string | null }[] }>().items;
      })
      .toContainEqual(
        expect.objectContaining({
          action: 'TriggerMessage',
          request: { requestedMessage: 'StatusNotification' },
          account: null,
        }),
      );
  });

  it("brings the other process's status events to this process's event stream", async () => {
    const merchant = await buildMerchant(db());
    const station = await buildChargePointStation(db(), context.config, { merchantId: merchant.id });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address() as { port: number };
    const stream = await openEventStream(`http://127.0.0.1:${address.port}/api/v1/ocpp/events/`, headers);
    const client = await connectChargePoint({
      endpoint: `ws://127.0.0.1:${otherPort}/ocpp`,
      identity: station.identity,
    });
    clients.push(client);
    await client.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    const text = await stream.readUntil(`"station_id":${station.id}`);
    stream.close();
    expect(text).toContain(`data: {"station_id":${station.id}}`);
  });

  // Last: it stops the other process.
  it('a process stopped while it holds charge points records each one disconnected before its pool ends', async () => {
    const merchant = await buildMerchant(db());
    const stations = await Promise.all(
      Array.from({ length: 40 }, () => buildChargePointStation(db(), context.config, { merchantId: merchant.id })),
    );
    const held = await Promise.all(
      stations.map((station) =>
        connectChargePoint({ endpoint: `ws://127.0.0.1:${otherPort}/ocpp`, identity: station.identity }),
      ),
    );
    clients.push(...held);
    await Promise.all(
      held.map((client) => client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' })),
    );
    const stationIds = stations.map((station) => station.id);
    const connected = () =>
      db()
        .select({ stationId: chargePoints.stationId, process: chargePoints.connectedProcess })
        .from(chargePoints)
        .where(inArray(chargePoints.stationId, stationIds));
    await expect.poll(async () => (await connected()).filter((row) => row.process !== null).length).toBe(40);

    const exited = new Promise<number | null>((resolve) => other.once('exit', resolve));
    other.kill('SIGTERM');
    expect(await exited).toBe(0);

    expect(output).not.toContain('not recorded');
    expect((await connected()).filter((row) => row.process !== null)).toEqual([]);
    const disconnections = await db()
      .select({ stationId: chargePointStatusHistory.stationId })
      .from(chargePointStatusHistory)
      .where(
        and(inArray(chargePointStatusHistory.stationId, stationIds), eq(chargePointStatusHistory.kind, 'disconnected')),
      );
    expect(disconnections.map((row) => row.stationId).sort((a, b) => a - b)).toEqual(
      [...stationIds].sort((a, b) => a - b),
    );
  });
});
