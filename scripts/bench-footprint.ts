// npm run bench:footprint: start time and resident memory of the real server on the embedded database.
// Starts the production build as `npm start` does on the embedded database (apps/server/start.sh: `node
// --enable-source-maps --heap-growing-percent=50 --max-semi-space-size=4 dist/main.js`) twice on a fresh DATA_DIR (first
// start creates the database), reads VmRSS of the server process from /proc, and signs in 1,000 times over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ADMIN, freePort, REPO_ROOT, rssMb, serverEntry, serverNodeFlags, sleep } from './bench-harness';

const ADMIN = BENCH_ADMIN;
const SIGN_INS = 1000;
const CONCURRENCY = 10;

const startServer = async (dataDir: string, port: number) => {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', ...serverNodeFlags('embedded'), serverEntry()], {
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
/** A figure, and where it has one, its target and whether it met it. */
type TRow = { label: string; value: string; target?: { text: string; met: boolean } };
const rows: TRow[] = [];
/** Idle, the server holds < 200 MB (issue 36); under the sign-ins' load, < 300 MB. */
const rssRow = (label: string, pid: number, limitMb: 200 | 300): TRow => {
  const mb = rssMb(pid);
  return { label, value: `${mb} MB`, target: { text: `< ${limitMb} MB`, met: mb < limitMb } };
};
try {
  const port = await freePort();
  const first = await startServer(dataDir, port);
  rows.push({ label: 'first start (new database): ready in', value: `${first.readyMs} ms` });
  await sleep(3000);
  rows.push(rssRow('first start: idle RSS', first.child.pid ?? 0, 200));
  await stopServer(first.child);

  const second = await startServer(dataDir, port);
  rows.push({
    label: 'second start: ready in',
    value: `${second.readyMs} ms`,
    target: { text: '< 1500 ms', met: second.readyMs < 1500 },
  });
  await sleep(3000);
  const pid = second.child.pid ?? 0;
  rows.push(rssRow('second start: idle RSS', pid, 200));
  const load = await signInMany(port);
  rows.push({
    label: `${SIGN_INS} sign-ins (${CONCURRENCY} at a time)`,
    value: `${load.seconds.toFixed(1)} s, ${Math.round(SIGN_INS / load.seconds)}/s, ${load.failures} failed`,
    target: { text: '0 failed', met: load.failures === 0 },
  });
  rows.push(rssRow(`RSS after ${SIGN_INS} sign-ins`, pid, 300));
  await sleep(3000);
  rows.push(rssRow('RSS 3 s later', pid, 300));
  await stopServer(second.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(({ label }) => label.length));
console.log(`\nZaryad server footprint (embedded database; load average ${loadavg()[0]?.toFixed(1)} at the end)\n`);
for (const { label, value, target } of rows) {
  const verdict = target ? `  target ${target.text}: ${target.met ? 'met' : 'MISSED'}` : '';
  console.log(`${label.padEnd(width)}  ${value}${verdict}`);
}
if (rows.some(({ target }) => target && !target.met)) {
  process.exitCode = 1;
}
