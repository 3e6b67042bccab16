// npm run bench:export -w scripts: the statement export alone, quicker to repeat than bench:users. Creates a scratch
// PostgreSQL database (EXPORT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/zaryad_export_perf), loads
// 1,000,000 other-card ledger entries over 100,000 users with generate_series, serves GET
// /users/payments/export/ from this process (users.export.ts on a bare Fastify), and times, in the same run:
// PostgreSQL's COPY of the same select to psql's stdout, the csv export (target ≥ 0.5x COPY's speed) and the xlsx
// export (target < 30 s with this process's RSS < 300 MB), each drained to nowhere, while another request (a query of
// the same database on the same server) is timed every 50 ms (its p95 beside the figure: the export must not hurt
// it). The database is dropped at the end unless EXPORT_KEEP=1. Prints the load average beside each figure (the
// machine is shared).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { usersExportRoutes } from '../apps/server/src/modules/users/users.export';
import { copyMilliseconds } from './bench-harness';
import { OTHER_CARD_STATEMENT_SELECT } from './bench-users.data';

const DATABASE_URL = process.env.EXPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_export_perf';
const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const USERS = Math.max(1, Math.round(ROWS / 10));
const FORMATS = (process.env.EXPORT_FORMATS ?? 'csv,xlsx').split(',');

const adminUrl = () => {
  const url = new URL(DATABASE_URL);
  url.pathname = '/postgres';
  return url.toString();
};
const databaseName = () => new URL(DATABASE_URL).pathname.slice(1);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const fill = async () => {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(`insert into roles (id, key, name) values (900, 'bench', 'bench') on conflict do nothing`);
    await client.query(
      `insert into accounts (id, role_id, last_name, first_name, phone, email, password_hash)
       select g, (select min(id) from roles), 'Оператор' || g, 'Айгерим', '996555000000', 'op' || g || '@example.kg', 'x'
       from generate_series(1, 5) g`,
    );
    await client.query(
      `insert into app_users (id, personal_account, name, phone, email, gender, birthday, registered_at, car_make,
                              car_model, car_year, car_color, driver_licence, balance, status, referral_code, updated_at)
       select g, '2' || lpad(g::text, 7, '0'), 'Нурлан Садыков ' || g, '996555' || lpad(g::text, 6, '0'),
              'driver' || g || '@example.kg', 'male', date '1990-01-01', now(), 'BYD', 'Han', 2022, 'белый', 'AN' || g,
              0, 0, 'R' || g, now()
       from generate_series(1, $1::int) g`,
      [USERS],
    );
    await client.query(
      `insert into balance_entries (user_id, created_at, basis, method, debit, credit, deposit, comment, account_id,
                                    user_blocked)
       select 1 + g % $2, timestamptz '2025-01-01 00:00:00+00' + g * interval '17 seconds' + g % 1000 * interval '1 ms',
              'top_up', 'other_card', case when g % 3 = 0 then 123456 else 0 end, case when g % 3 = 0 then 0 else 5 + g % 100000 end,
              g * 7, case when g % 10 = 0 then 'наличные, "сдача"' else '' end, case when g % 4 = 0 then null else 1 + g % 5 end, false
       from generate_series(1, $1::int) g`,
      [ROWS, USERS],
    );
    await client.query('vacuum analyze app_users, balance_entries, accounts');
  } finally {
    await client.end();
  }
};

/** Times `GET /ping` (one query) every 50 ms until `until` resolves; answers the p50 and p95 in ms. */
const timeOtherRequests = async (port: number, until: Promise<unknown>) => {
  let isDone = false;
  void until.finally(() => {
    isDone = true;
  });
  const latencies: number[] = [];
  while (!isDone) {
    const startedAt = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/ping`)).text();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0);
  return `${latencies.length} requests, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`;
};

/** The select of users.export.ts as COPY to psql's stdout, which goes to /dev/null. */
const copyMs = () => copyMilliseconds(DATABASE_URL, OTHER_CARD_STATEMENT_SELECT);

/**
 * Downloads a path to nowhere with curl, in its own process so that this process's RSS, sampled every 100 ms, is the
 * server's alone.
 */
const download = (port: number, path: string) =>
  new Promise<{ ms: number; bytes: number; peakRssMb: number; status: number }>((resolve, reject) => {
    const startedAt = performance.now();
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 100);
    const child = spawn(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        'accept-language: ru',
        `http://127.0.0.1:${port}${path}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let written = '';
    child.stdout.on('data', (chunk: Buffer) => {
      written += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', () => {
      clearInterval(sampler);
      const [status = '0', bytes = '0'] = written.split(' ');
      resolve({
        ms: performance.now() - startedAt,
        bytes: Number(bytes),
        peakRssMb: Math.round(Math.max(peak, process.memoryUsage.rss()) / 2 ** 20),
        status: Number(status),
      });
    });
  });

/** The targets, each printed beside its figure; a miss makes the run exit 1. */
const missed: string[] = [];
const target = (met: boolean, what: string) => {
  console.log(`  target ${what}: ${met ? 'met' : 'MISSED'}`);
  if (!met) {
    missed.push(what);
  }
};

const main = async () => {
  if (process.env.EXPORT_REUSE !== '1') {
    await admin(`drop database if exists ${databaseName()} with (force)`);
    await admin(`create database ${databaseName()}`);
  }
  const database = await openDatabase({ databaseUrl: DATABASE_URL });
  let app: FastifyInstance | undefined;
  try {
    if (process.env.EXPORT_REUSE !== '1') {
      const startedAt = performance.now();
      await fill();
      console.log(`loaded ${ROWS} entries in ${Math.round(performance.now() - startedAt)} ms (load ${load()})`);
    }
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('database', database);
    app.decorateRequest('language', 'ru');
    await app.register(usersExportRoutes, { prefix: '/users' });
    app.get('/ping', async () => database.db.execute(sql`select 1`).then(() => 'pong'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`rss before: ${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB`);
    for (const format of FORMATS) {
      const copy = await copyMs();
      console.log(`COPY: ${Math.round(copy)} ms (load ${load()})`);
      const downloading = download(port, `/users/payments/export/?method=other_card&format=${format}`);
      const others = await timeOtherRequests(port, downloading);
      const result = await downloading;
      console.log(
        `${format}: ${Math.round(result.ms)} ms, ${Math.round(result.bytes / 1e6)} MB, status ${result.status}, peak RSS ${result.peakRssMb} MB, ${(copy / result.ms).toFixed(2)}x COPY (load ${load()}); other requests meanwhile: ${others}`,
      );
      target(result.status === 200, `${format} answers 200`);
      if (format === 'csv') {
        target(copy / result.ms >= 0.5, 'csv at least 0.5x COPY');
      } else {
        const limitMs = (30_000 * ROWS) / 1_000_000;
        target(result.ms < limitMs, `xlsx under ${Math.round(limitMs / 1000)} s for ${ROWS} rows`);
        target(result.peakRssMb < 300, 'xlsx with RSS under 300 MB');
      }
    }
  } finally {
    await app?.close();
    await database.close();
    if (process.env.EXPORT_KEEP !== '1') {
      await admin(`drop database if exists ${databaseName()} with (force)`);
    }
  }
  if (missed.length > 0) {
    console.log(`missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
