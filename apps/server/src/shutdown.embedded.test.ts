import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { buildServer, spawnServer } from './test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-shutdown-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = { email: 'shutdown@zaryad.test', password: 'Shutdown-test-2026' };

// `npm start` runs the production build: this test builds it as `npm run build -w apps/server` does, starts it on a
// fresh embedded database, and stops it as a deployment does (docs/design.md, section 6, "Stopping").
describe('the production build, stopped with SIGTERM', () => {
  it('finishes the request in flight, ends the event streams and exits 0 within its 10 s', async () => {
    buildServer();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = spawnServer({
      port,
      dataDir,
      env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'info' },
    });
    const { child } = started;
    server = child;
    // The server's log says when a request has reached it: the test waits for that, not for a while.
    const signInsReceived = () =>
      started.output
        .split('\n')
        .filter((line) => line.includes('incoming request') && line.includes('/accounts/login/')).length;
    const exited = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));

    await expect
      .poll(
        () =>
          fetch(`${base}/healthz`).then(
            (response) => response.ok,
            () => false,
          ),
        { timeout: 90_000 },
      )
      .toBe(true);
    const signIn = () =>
      fetch(`${base}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...admin, remember: false }),
      });
    const { access } = (await (await signIn()).json()) as { access: string };
    const stream = await fetch(`${base}/api/v1/notifications/events/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(stream.status).toBe(200);
    const events = stream.body!.getReader();
    // The stream's first comment says it is open; read it so the signal below finds it established.
    expect(new TextDecoder().decode((await events.read()).value)).toContain('connected');

    // A sign-in whose body is still on its way when the signal comes: the server has its headers (its log says so).
    const body = JSON.stringify({ ...admin, remember: false });
    const inFlight = new Promise<number>((resolve, reject) => {
      const call = request(`${base}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      call.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      call.once('error', reject);
      call.write(body.slice(0, 10));
      void expect
        .poll(signInsReceived, { timeout: 30_000 })
        .toBe(2)
        .then(() => {
          child.kill('SIGTERM');
          // The server has begun to stop (it logs so) before the rest of the body leaves.
          return expect.poll(() => started.output.includes('shutting down'), { timeout: 30_000 }).toBe(true);
        })
        .then(() => call.end(body.slice(10)), reject);
    });

    expect(await inFlight).toBe(200);
    let ended = false;
    while (!ended) {
      ended = (await events.read()).done;
    }
    // Past its 10 s the process exits with 1 (main.ts): 0 means it stopped in time, on its own.
    expect((await exited).code).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
