// npm run bench:network: latency of the network's busiest calls on PostgreSQL with a network-sized database.
// Creates DATABASE_URL's database afresh (default postgres://postgres@127.0.0.1:5432/zaryad_bench), starts the real
// server on it (the production build, `node apps/server/dist/main.js`), bulk-inserts 1,000 merchants, 20,000 stations and
// 100,000 connectors plus a large merchant with 120,000 stations, then loads six calls with autocannon and prints
// p50/p95 per call. Target: p95 < 30 ms at one connection (the run exits 1 on a miss); with BENCH_CONNECTIONS > 1 the
// same calls are measured again at that many connections, for throughput (queueing on two cores, no target).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFreshDatabase, insertNetwork, sampleIds } from './bench-network.data';
import { type LoadOptions, measure, type MeasuredRequest } from './bench-network.load';
import { freePort, pick, signIn, startServer } from './bench-harness';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench';
const TARGET_P95_MS = 30;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Page 10,000 of the large merchant's station list and its neighbours, a deep page each time. */
const DEEP_PAGES = { from: 9_000, to: 10_000 };
/** Every station of the large merchant is named 'Станция …': the word selects all 120,000 of them. */
const UNSELECTIVE_WORD = 'Станция';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL, nodeFlags: [] });
    const insertStartedAt = performance.now();
    const counts = await insertNetwork(DATABASE_URL);
    console.log(
      `inserted ${counts?.merchants} merchants, ${counts?.stations} stations, ${counts?.connectors} connectors in ${Math.round(performance.now() - insertStartedAt)} ms`,
    );
    const { merchantIds, stationIds, largeMerchantId } = await sampleIds(DATABASE_URL);
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
      [
        `station list, page ${DEEP_PAGES.from.toLocaleString('en')}–${DEEP_PAGES.to.toLocaleString('en')} of 12,000`,
        () => ({
          method: 'GET',
          path: `/api/v1/stations/?merchant=${largeMerchantId}&page=${DEEP_PAGES.from + Math.floor(Math.random() * (DEEP_PAGES.to - DEEP_PAGES.from + 1))}&size=10`,
        }),
      ],
      [
        `station search '${UNSELECTIVE_WORD}' (120,000 of 120,000 match), pages 1–10`,
        () => ({
          method: 'GET',
          path: `/api/v1/stations/?merchant=${largeMerchantId}&search=${encodeURIComponent(UNSELECTIVE_WORD)}&page=${1 + Math.floor(Math.random() * 10)}&size=10`,
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
    // The first request of a list counts its rows; later ones reuse the count while the table is unchanged. Shown
    // apart, since the load runs below only see it once.
    for (const [name, next] of scenarios) {
      const startedAt = performance.now();
      await check(baseUrl, authorization, next());
      console.log(`first request, ${name}: ${Math.round(performance.now() - startedAt)} ms`);
    }
    const options: LoadOptions = { baseUrl, authorization, connections: 1, durationSeconds: DURATION_SECONDS };
    // A short run first: the server's JIT and the database's caches warm up before anything is recorded.
    for (const [name, next] of scenarios) {
      await measure(name, next, { ...options, durationSeconds: 2 });
    }
    const runs = CONNECTIONS > 1 ? [1, CONNECTIONS] : [1];
    let missed = 0;
    for (const connections of runs) {
      const isTargetRun = connections === 1;
      console.log(
        `\n${connections} connection${connections > 1 ? 's' : ''}, ${DURATION_SECONDS} s per call${isTargetRun ? '' : ' (no target: the requests queue on the shared cores)'}`,
      );
      const results = [];
      for (const [name, next] of scenarios) {
        results.push(await measure(name, next, { ...options, connections }));
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
          ...(isTargetRun && { [`p95 < ${TARGET_P95_MS} ms`]: result.p95 < TARGET_P95_MS ? 'yes' : 'NO' }),
        })),
      );
      missed += results.filter((result) => result.errors > 0 || (isTargetRun && result.p95 >= TARGET_P95_MS)).length;
    }
    process.exitCode = missed > 0 ? 1 : 0;
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
