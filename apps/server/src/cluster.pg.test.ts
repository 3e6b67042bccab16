import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries } from './modules/users/users.tables';
import { charges } from './modules/charges/charges.tables';
import { buildAccount } from './test/builders';
import { openEventStream } from './test/event-stream';
import { freePort } from './test/free-port';
import { type Balancer, startNginx } from './test/nginx';
import { buildServer, type ServerProcess, spawnServer } from './test/server-process';
import { buildMerchant } from './test/network-builders';
import { buildChargePointStation, CHARGE_POINT_PASSWORD } from './test/ocpp-builders';
import { createTestContext, type TestContext } from './test/test-app';
import { buildEntry, buildUser } from './test/user-builders';

// Issue 36 item 5 (docs/deploy.md, section 2): two server processes of the production build on one PostgreSQL, behind a
// real nginx from Debian's packages configured with deploy/nginx.conf's own `location /` block (test/nginx.ts). Through the balancer the
// app answers, a session holds on either process, a charge point's command reaches it from the process it is not
// connected to, an event on one process reaches an event stream on the other; and when the charge point's process is
// killed (SIGKILL) mid-charge, the charge point reconnects through the balancer to the other within 60 s and its charge
// finishes once, with one payment in the ledger. Runs in the PostgreSQL run only (`*.pg.test.ts`).

const METRICS_TOKEN = 'cluster-test-metrics-token';
const work = mkdtempSync(join(tmpdir(), 'zaryad-cluster-'));

interface Process extends ServerProcess {
  name: string;
  port: number;
}

let context: TestContext;
let nginx: Balancer | undefined;
const processes: Process[] = [];
const clients: RPCClient[] = [];

const db = () => context.database.db;
const base = () => nginx!.url;

const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${what} within ${timeoutMs} ms\n${processes.map((p) => `${p.name}: ${p.output}`).join('\n')}\n${nginx?.log() ?? ''}`,
  );
};

const startProcess = async (name: string, databaseUrl: string, webDir: string): Promise<Process> => {
  const port = await freePort();
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const server = spawnServer({
    port,
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: webDir,
      JWT_SECRET: context.config.jwtSecret,
      METRICS_TOKEN,
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const started = Object.assign(server, { name, port });
  processes.push(started);
  return started;
};

/** How many charge point connections a process holds, from its own /metrics. */
const connectionsOf = async (port: number) => {
  const text = await (
    await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^zaryad_ocpp_connections(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 'NaN');
};

beforeAll(async () => {
  context = await createTestContext();
  buildServer();
  const databaseUrl = (context.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!databaseUrl) {
    throw new Error('the cluster test runs on PostgreSQL');
  }
  // The web app as the server serves it: an index page is enough to see it through the balancer (e2e drives the app).
  const webDir = join(work, 'web');
  mkdirSync(webDir);
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Заряд</title><div id="root">cluster</div>');
  const [a, b] = [await startProcess('a', databaseUrl, webDir), await startProcess('b', databaseUrl, webDir)];
  nginx = startNginx({ upstreamPorts: [a!.port, b!.port], port: await freePort(), workDir: join(work, 'nginx') });
  for (const server of processes) {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${server.port}/readyz`)).ok,
      `process ${server.name} ready`,
      90_000,
    );
  }
  await waitFor(async () => (await fetch(`${base()}/healthz`)).ok, 'nginx answering', 10_000);
}, 120_000);

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true }).catch(() => undefined);
  }
  nginx?.stop();
  for (const server of processes) {
    server.child.kill('SIGKILL');
  }
  await context?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('two server processes behind nginx on one PostgreSQL', () => {
  it('serves the app, and a session signed in through the balancer holds on either process', async () => {
    const page = await fetch(`${base()}/merchants`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">cluster</div>');
    expect((await fetch(`${base()}/readyz`)).status).toBe(200);

    const account = await buildAccount(db(), { roleKey: 'superadmin' });
    const login = await fetch(`${base()}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, remember: false }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const me = (url: string) =>
      fetch(`${url}/api/v1/accounts/me/`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status);
    expect(await Promise.all(processes.map((server) => me(`http://127.0.0.1:${server.port}`)))).toEqual([200, 200]);
    expect(await Promise.all(Array.from({ length: 6 }, () => me(base())))).toEqual(Array(6).fill(200));
    // A permission refused on one process is refused on the other (roles are read from the database).
    const analyst = await buildAccount(db(), { roleKey: 'analyst' });
    const analystLogin = await fetch(`http://127.0.0.1:${processes[0]!.port}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: analyst.email, password: analyst.password, remember: false }),
    });
    const analystToken = ((await analystLogin.json()) as { access: string }).access;
    const refused = await fetch(`http://127.0.0.1:${processes[1]!.port}/api/v1/accounts/`, {
      headers: { authorization: `Bearer ${analystToken}` },
    });
    expect(refused.status).toBe(403);
  });

  it("commands and events cross processes, and a killed process's charge point finishes its charge on the other", async () => {
    const account = await buildAccount(db(), { roleKey: 'superadmin' });
    const login = await fetch(`${base()}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, remember: false }),
    });
    const { access } = (await login.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };
    const merchant = await buildMerchant(db());
    const station = await buildChargePointStation(db(), context.config, {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const idTag = `CLUSTER${Date.now() % 1_000_000}`;
    const driver = await buildUser(db(), { idTags: [{ idTag, kind: 'rfid' }] });
    await buildEntry(db(), driver.id, { credit: '1000.00' });

    // A charge point as a real one is: it reconnects by itself, through the balancer's address.
    const client = new RPCClient({
      endpoint: `${base().replace('http:', 'ws:')}/ocpp`,
      identity: station.identity,
      password: CHARGE_POINT_PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: false,
      reconnect: true,
      maxReconnects: Infinity,
      backoff: { initialDelay: 200, maxDelay: 2_000 },
      callTimeoutMs: 10_000,
    } as never);
    clients.push(client);
    const cleared: string[] = [];
    client.handle('ClearCache', async () => {
      cleared.push('ClearCache');
      return { status: 'Accepted' };
    });
    client.handle('TriggerMessage', async () => ({ status: 'Accepted' }));
    await client.connect();
    await client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });

    // Which process holds it: each says in its metrics.
    let holder: Process | undefined;
    await waitFor(
      async () => {
        const counts = await Promise.all(processes.map((server) => connectionsOf(server.port)));
        holder = processes[counts.indexOf(1)];
        return counts.filter((count) => count === 1).length === 1;
      },
      'one process holding the charge point',
      10_000,
    );
    const other = processes.find((server) => server !== holder)!;

    // A command through the process it is not connected to reaches it, and its answer comes back.
    const command = await fetch(`http://127.0.0.1:${other.port}/api/v1/ocpp/stations/${station.id}/commands/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'ClearCache', payload: {} }),
    });
    expect(command.status).toBe(200);
    expect(cleared).toEqual(['ClearCache']);

    // An event stream on the other process hears the charge point's status.
    const stream = await openEventStream(`http://127.0.0.1:${other.port}/api/v1/ocpp/events/`, auth);
    await client.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    const events = await stream.readUntil(`"station_id":${station.id}`);
    stream.close();
    expect(events).toContain(`"station_id":${station.id}`);

    // A charge starts on the holder, which is then killed outright.
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: '4000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    const reconnected = new Promise<number>((resolve) => {
      const killedAt = Date.now();
      client.once('open', () => resolve(Date.now() - killedAt));
    });
    holder!.child.kill('SIGKILL');
    // It reconnects through the balancer, to the process left, within 60 s.
    const reconnectMs = await Promise.race([
      reconnected,
      new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 60_000)),
    ]);
    expect(reconnectMs).toBeLessThan(60_000);
    await waitFor(async () => (await connectionsOf(other.port)) === 1, 'the other process holding it', 10_000);

    const stopped = (await client.call('StopTransaction', {
      transactionId: started.transactionId,
      idTag,
      meterStop: 10_000,
      timestamp: new Date().toISOString(),
    })) as { idTagInfo?: { status: string } };
    expect(stopped.idTagInfo?.status ?? 'Accepted').toBe('Accepted');

    // One charge, finished with the charge point's reading; one payment for it in the ledger.
    const [charge] = await db()
      .select({
        id: charges.id,
        energyWh: charges.energyWh,
        finishedAt: charges.finishedAt,
        totalCost: charges.totalCost,
      })
      .from(charges)
      .where(and(eq(charges.ocppTransactionId, started.transactionId), eq(charges.stationId, station.id)));
    expect(charge?.finishedAt).not.toBeNull();
    expect(charge?.energyWh).toBe(10_000);
    const payments = await db()
      .select({ debit: balanceEntries.debit })
      .from(balanceEntries)
      .where(and(eq(balanceEntries.chargeId, charge!.id), eq(balanceEntries.basis, 'charge_payment')));
    expect(payments).toHaveLength(charge!.totalCost > 0n ? 1 : 0);
    expect(payments[0]?.debit).toBe(charge!.totalCost);
  }, 120_000);
});
