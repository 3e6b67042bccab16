// npm run bench:network: latency of the network's busiest calls on PostgreSQL with a network-sized database.
// Creates DATABASE_URL's database afresh (default postgres://postgres@127.0.0.1:5432/zaryad_bench), starts the real
// server on it (`node --import tsx apps/server/src/main.ts`), bulk-inserts 1,000 merchants, 20,000 stations and
// 100,000 connectors, then loads four calls with autocannon and prints p50/p95 per call. Target: p95 < 30 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFreshDatabase, insertNetwork, sampleIds } from './bench-network.data';
import { type LoadOptions, measure, type MeasuredRequest } from './bench-network.load';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench';
const ADMIN = { email: 'bench@zaryad.local', password: 'bench-password-1' };
const TARGET_P95_MS = 30;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startServer = async (port: number, dataDir: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL,
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

const signIn = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, remember: false }),
  });
  if (!response.ok) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  const { access } = (await response.json()) as { access: string };
  return `Bearer ${access}`;
};

const pick = <T>(values: readonly T[]): T => {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) {
    throw new Error('nothing to pick from');
  }
  return value;
};

const BOUNDARY = '----zaryad-bench-boundary';
/** A multipart body changing one field, as the station form sends an edit (only changed fields). */
const multipartField = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${BOUNDARY}--\r\n`);

/** One request outside the load run, so that a broken call fails the benchmark instead of timing errors. */
const check = async (baseUrl: string, authorization: string, request: MeasuredRequest) => {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { authorization, ...request.headers },
    ...(request.body !== undefined && { body: request.body }),
  });
  if (!response.ok) {
    throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
  }
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-network-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    console.log(`database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (created fresh)`);
    await createFreshDatabase(DATABASE_URL);
    server = await startServer(port, dataDir);
    const insertStartedAt = performance.now();
    const counts = await insertNetwork(DATABASE_URL);
    console.log(
      `inserted ${counts?.merchants} merchants, ${counts?.stations} stations, ${counts?.connectors} connectors in ${Math.round(performance.now() - insertStartedAt)} ms`,
    );
    const { merchantIds, stationIds } = await sampleIds(DATABASE_URL);
    const authorization = await signIn(baseUrl);
    const searches = ['Станция', '-1', 'BENCH', 'станция 1', '-20'];
    let edit = 0;
    const scenarios: [string, () => MeasuredRequest][] = [
      [
        'merchant list',
        () => ({ method: 'GET', path: `/api/v1/merchants/?page=${1 + Math.floor(Math.random() * 100)}&size=10` }),
      ],
      [
        'station list with search',
        () => ({
          method: 'GET',
          path: `/api/v1/stations/?merchant=${pick(merchantIds)}&search=${encodeURIComponent(pick(searches))}&page=1&size=10`,
        }),
      ],
      ['station get', () => ({ method: 'GET', path: `/api/v1/stations/${pick(stationIds)}/` })],
      [
        'station edit (multipart, one field)',
        () => {
          edit += 1;
          return {
            method: 'PATCH',
            path: `/api/v1/stations/update/${pick(stationIds)}/`,
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
            body: multipartField('pic', `Оператор ${edit}`),
          };
        },
      ],
    ];
    for (const [, next] of scenarios) {
      await check(baseUrl, authorization, next());
    }
    const options: LoadOptions = {
      baseUrl,
      authorization,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    };
    // A short run first: the server's JIT and the database's caches warm up before anything is recorded.
    for (const [name, next] of scenarios) {
      await measure(name, next, { ...options, durationSeconds: 2 });
    }
    console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per call`);
    const results = [];
    for (const [name, next] of scenarios) {
      results.push(await measure(name, next, options));
    }
    console.table(
      results.map((result) => ({
        call: result.name,
        'req/s': result.perSecond,
        requests: result.requests,
        'p50 ms': result.p50,
        'p95 ms': result.p95,
        'p99 ms': result.p99,
        'max ms': result.max,
        errors: result.errors,
        [`p95 < ${TARGET_P95_MS} ms`]: result.p95 < TARGET_P95_MS ? 'yes' : 'NO',
      })),
    );
    const missed = results.filter((result) => result.p95 >= TARGET_P95_MS || result.errors > 0);
    process.exitCode = missed.length > 0 ? 1 : 0;
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
