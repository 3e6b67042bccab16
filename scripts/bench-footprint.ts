// npm run bench:footprint: start time and resident memory of the real server on the embedded database.
// Starts `node --max-semi-space-size=2 --heap-growing-percent=50 --import tsx apps/server/src/main.ts` (as `npm start` does) twice on a fresh DATA_DIR (first start creates the database),
// reads VmRSS of the server process from /proc, and signs in 1,000 times over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ADMIN, freePort, REPO_ROOT, rssMb, SERVER_NODE_FLAGS, sleep } from './bench-harness';

const ADMIN = BENCH_ADMIN;
const SIGN_INS = 1000;
const CONCURRENCY = 10;

const startServer = async (dataDir: string, port: number) => {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) {
        return { child, readyMs: Math.round(performance.now() - startedAt) };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
};

const stopServer = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

const signInMany = async (port: number) => {
  let next = 0;
  let failures = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (next < SIGN_INS) {
      next += 1;
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, remember: false }),
      });
      if (response.status !== 200) {
        failures += 1;
      }
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - startedAt) / 1000, failures };
};

const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-footprint-'));
const rows: Array<[string, string]> = [];
try {
  const port = await freePort();
  const first = await startServer(dataDir, port);
  rows.push(['first start (new database): ready in', `${first.readyMs} ms`]);
  await sleep(3000);
  rows.push(['first start: idle RSS', `${rssMb(first.child.pid ?? 0)} MB`]);
  await stopServer(first.child);

  const second = await startServer(dataDir, port);
  rows.push(['second start: ready in', `${second.readyMs} ms`]);
  await sleep(3000);
  const pid = second.child.pid ?? 0;
  rows.push(['second start: idle RSS', `${rssMb(pid)} MB`]);
  const load = await signInMany(port);
  rows.push([
    `${SIGN_INS} sign-ins (${CONCURRENCY} at a time)`,
    `${load.seconds.toFixed(1)} s, ${Math.round(SIGN_INS / load.seconds)}/s, ${load.failures} failed`,
  ]);
  rows.push([`RSS after ${SIGN_INS} sign-ins`, `${rssMb(pid)} MB`]);
  await sleep(3000);
  rows.push(['RSS 3 s later', `${rssMb(pid)} MB`]);
  await stopServer(second.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([label]) => label.length));
console.log('\nZaryad server footprint (embedded database; targets: ready < 3 s, RSS < 300 MB)\n');
for (const [label, value] of rows) {
  console.log(`${label.padEnd(width)}  ${value}`);
}
