// What every benchmark shares: its report of figures beside targets, and the real server started on its own database
// as `npm start` runs it (apps/server/package.json), signed in as the administrator it creates.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The administrator each benchmark's server creates on its fresh database. */
export const BENCH_ADMIN = { email: 'bench@zaryad.local', password: 'bench-password-1' };

let built = false;
/**
 * The production build's entry (`npm start` runs it), built once per benchmark run from the checkout's sources, so a
 * benchmark always measures the code beside it.
 */
export const serverEntry = () => {
  if (!built) {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
    built = true;
  }
  return 'apps/server/dist/main.js';
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port free on 127.0.0.1 now: the server's own test helper. */
export { freePort } from '@zaryad/server/free-port';

export interface Figure {
  what: string;
  figure: string;
  target: string;
  ok: boolean;
}

/** Figures printed as they come, each beside its target; `missed()` says whether the run must exit 1. */
export const createReport = () => {
  const figures: Figure[] = [];
  return {
    figures,
    report(what: string, figure: string, target: string, ok: boolean) {
      figures.push({ what, figure, target, ok });
      console.log(`${ok ? 'ok  ' : 'MISS'} ${what}: ${figure} (target ${target})`);
    },
    missed: () => figures.filter((figure) => !figure.ok),
  };
};

/**
 * The Node flags of `npm start` (apps/server/start.sh; docs/design.md, section 8) on the embedded database (`embedded`)
 * or on PostgreSQL: V8's young generation of 4 MB semi-spaces, or 16 MB; an old generation collected once it has grown
 * by half of what was live.
 */
export const serverNodeFlags = (database: 'embedded' | 'postgres') => [
  '--heap-growing-percent=50',
  `--max-semi-space-size=${database === 'embedded' ? 4 : 16}`,
];

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** Node flags of `npm start` (the production memory figure); bench:network runs without them. */
  nodeFlags?: string[];
}

/** The server on the benchmark's database; BENCH_SERVER_LOG=<file> keeps its log (LOG_LEVEL warn) for a missed run. */
export const startServer = async ({
  port,
  dataDir,
  databaseUrl,
  nodeFlags = serverNodeFlags('postgres'),
}: ServerOptions): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeFlags, serverEntry()], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        return child;
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 60 s');
};

/** A bearer token of the benchmark's administrator. */
export const signIn = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, remember: false }),
  });
  if (!response.ok) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  const { access } = (await response.json()) as { access: string };
  return `Bearer ${access}`;
};

/**
 * A driver signed in through the drivers' API as the app does it (a code by SMS, read from the outbox by the signed-in
 * superadmin `dashboard`, checked): answers the driver's `Bearer …`. A new number unless one is given.
 */
export const signInDriver = async (
  baseUrl: string,
  dashboard: string,
  phone = `99670${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
) => {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api/app/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const asked = await post('/auth/code/', { phone });
  if (asked.status !== 202) {
    throw new Error(`no code was sent: ${asked.status} ${await asked.text()}`);
  }
  const outbox = (await (
    await fetch(`${baseUrl}/api/v1/sms-outbox/?search=${phone}&size=1`, { headers: { authorization: dashboard } })
  ).json()) as { items: { text: string }[] };
  const code = /\d{6}/.exec(outbox.items[0]?.text ?? '')?.[0];
  const verified = await post('/auth/verify/', { phone, code });
  if (verified.status !== 200) {
    throw new Error(`the code was not accepted: ${verified.status} ${await verified.text()}`);
  }
  const { access } = (await verified.json()) as { access: string };
  return `Bearer ${access}`;
};

/** VmRSS of a process, in MB. */
export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D/g, '') ?? 0) / 1024);
};

export const pick = <T>(values: readonly T[]): T => {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) {
    throw new Error('nothing to pick from');
  }
  return value;
};

/** Streams a response to nowhere: answers its bytes and lines. */
export const drain = async (response: Response) => {
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) {
      break;
    }
    bytes += chunk.value.length;
    // indexOf scans natively; a loop over each byte would take the benchmark's own core for seconds per 100 MB.
    for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) {
      lines += 1;
    }
  }
  return { bytes, lines };
};

/**
 * Milliseconds PostgreSQL takes to `COPY (select) TO STDOUT` as csv through psql into /dev/null: the speed an export
 * is measured against, in the same run.
 */
export const copyMilliseconds = (databaseUrl: string, select: string) =>
  new Promise<number>((resolve, reject) => {
    const startedAt = performance.now();
    const query = `copy (${select}) to stdout (format csv, header)`;
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', query], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - startedAt) : reject(new Error(`psql exited with ${code}`)),
    );
  });
