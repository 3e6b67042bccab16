// npm run bench:users: app users and their ledger at scale, on PostgreSQL. Creates DATABASE_URL's database afresh
// (default postgres://postgres@127.0.0.1:5432/zaryad_bench_users), starts the real server on it as `npm start` does,
// bulk-loads 1,000,000 users and 5,000,000 ledger entries (bench-users.data.ts), checks every balance against its
// ledger, then measures over HTTP: the users list and the statement (p95 < 30 ms), a top-up (p95 < 20 ms), 1,000
// concurrent top-ups on 10 users with 10% retried under the same key (exact sums), a csv export of 1,000,000 statement
// rows against PostgreSQL's own COPY of the same rows (≥ 0.5x its speed), and the same rows as xlsx (< 30 s, server
// RSS < 300 MB, the users list p95 < 50 ms meanwhile). Prints each figure beside its target; exits 1 on a miss.
// BENCH_EXPORTS=0 leaves out the csv and xlsx exports. BENCH_REUSE=1 keeps a database a previous run loaded (the server migrates it on start: a new migration's backfill
// runs over the loaded rows) and measures again without the minutes of loading; the entries earlier runs' top-ups
// added stay, so the entry count is then checked as at least the loaded one.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createFreshDatabase } from './bench-network.data';
import { measure, type MeasuredRequest } from './bench-network.load';
import { insertUsers, ledgerMismatches, loadedUsers, OTHER_CARD_STATEMENT_SELECT, USERS } from './bench-users.data';
import { copyMilliseconds, createReport, drain, freePort, pick, rssMb, signIn, startServer } from './bench-harness';

const { figures, report } = createReport();

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zaryad_bench_users';
const REUSE = process.env.BENCH_REUSE === '1';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENT_TOP_UPS = 1000;
const CONCURRENT_USERS = 10;

const between = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;

/** One request outside the load runs, so that a broken call fails the benchmark instead of timing errors. */
const check = async (baseUrl: string, authorization: string, request: MeasuredRequest) => {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { authorization, ...request.headers },
    ...(request.body !== undefined && { body: request.body }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${request.method} ${request.path}: ${response.status} ${text.slice(0, 300)}`);
  }
  return Math.round(performance.now() - startedAt);
};

const topUp = (userId: number, amount: string, key: string): MeasuredRequest => ({
  method: 'PATCH',
  path: `/api/v1/users/${userId}/balance/`,
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify({ amount, method: 'cash', comment: 'bench' }),
});

/** The export's own select (users.export.ts) as PostgreSQL's COPY to psql's stdout, which goes to /dev/null. */
const copyOtherCardRows = () => copyMilliseconds(DATABASE_URL, OTHER_CARD_STATEMENT_SELECT);

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-users-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    const reused = REUSE && (await loadedUsers(DATABASE_URL)) === USERS.users;
    console.log(`database ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (${reused ? 'reused' : 'created fresh'})`);
    if (!reused) {
      await createFreshDatabase(DATABASE_URL);
    }
    server = await startServer({ port, dataDir, databaseUrl: DATABASE_URL });
    const serverPid = server.pid ?? 0;
    if (!reused) {
      const loadStartedAt = performance.now();
      const timings = await insertUsers(DATABASE_URL);
      const loadSeconds = (performance.now() - loadStartedAt) / 1000;
      console.log(
        `loaded ${USERS.users.toLocaleString('en')} users, ${USERS.entries.toLocaleString('en')} entries: users ${timings.usersMs} ms, entries ${timings.entriesMs} ms, rollups ${timings.rollupsMs} ms, indexes ${timings.indexesMs} ms, vacuum ${timings.vacuumMs} ms`,
      );
      report('data generation', `${Math.round(loadSeconds)} s`, '< 180 s', loadSeconds < 180);
    }
    await client.connect();
    const [counts] = (
      await client.query<{ users: number; entries: number }>(
        'select (select count(*)::int from app_users) users, (select count(*)::int from balance_entries) entries',
      )
    ).rows;
    const checkStartedAt = performance.now();
    const mismatched = await ledgerMismatches(client);
    report(
      `balances equal their ledgers after the load (${counts?.users} users, ${counts?.entries} entries, checked in ${Math.round(performance.now() - checkStartedAt)} ms)`,
      `${mismatched} differ`,
      '0',
      mismatched === 0 &&
        counts?.users === USERS.users &&
        (reused ? counts.entries >= USERS.entries : counts.entries === USERS.entries),
    );

    const samples = (
      await client.query<{ id: number; phone: string }>('select id, phone from app_users order by random() limit 2000')
    ).rows;
    const userIds = samples.map((row) => row.id);
    // Five digits from the middle of real phones: selective, like an operator typing part of a caller's number.
    const phoneFragments = samples.slice(0, 50).map((row) => row.phone.slice(5, 10));
    const names = ['Айбек Садыков', 'Нургуль Абдыкадырова', 'Екатерина Смирнова', 'Тимур Осмонов', 'Асель Султанова'];
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    const [yearRow] = (await client.query<{ year: number }>(`select extract(year from now())::int - 1 as year`)).rows;
    const year = yearRow?.year ?? 2025;
    const authorization = await signIn(baseUrl);
    const list = (query: string): MeasuredRequest => ({ method: 'GET', path: `/api/v1/users/?${query}` });
    const scenarios: [string, number, () => MeasuredRequest][] = [
      ['users list, page 1', 30, () => list('page=1&size=10')],
      ['users list, page 10,000', 30, () => list(`page=${between(9_990, 10_000)}&size=10`)],
      ['users search by phone fragment', 30, () => list(`search=${pick(phoneFragments)}&page=1&size=10`)],
      ['users search by name', 30, () => list(`search=${encodeURIComponent(pick(names))}&page=1&size=10`)],
      [
        'users by registration range (a month)',
        30,
        () => {
          const month = pick(months);
          return list(
            `registration_date__from=${year}-${month}-01&registration_date__to=${year}-${month}-28&page=1&size=10`,
          );
        },
      ],
      [
        'statement of one user',
        30,
        () => ({ method: 'GET', path: `/api/v1/users/payments/?search_by_user_id=${pick(userIds)}&page=1&size=10` }),
      ],
      [
        'statement of all users, pages 1-10',
        30,
        () => ({ method: 'GET', path: `/api/v1/users/payments/?page=${between(1, 10)}&size=10` }),
      ],
      [
        'statement of all users, a page past row 100,000',
        30,
        () => ({ method: 'GET', path: `/api/v1/users/payments/?page=${between(10_001, 20_000)}&size=10` }),
      ],
      ['top-up (a new Idempotency-Key each)', 20, () => topUp(pick(userIds), `${between(1, 50) * 100}`, randomUUID())],
    ];
    // The first request of a list counts its rows (remembered while the table is unchanged): shown apart.
    for (const [name, , next] of scenarios) {
      console.log(`first request, ${name}: ${await check(baseUrl, authorization, next())} ms`);
    }
    const options = { baseUrl, authorization, connections: 1, durationSeconds: DURATION_SECONDS };
    for (const [name, , next] of scenarios) {
      await measure(name, next, { ...options, durationSeconds: 1 });
    }
    for (const [name, target, next] of scenarios) {
      const result = await measure(name, next, options);
      report(
        `${name} (${result.requests} requests, p50 ${ms(result.p50)}, errors ${result.errors})`,
        `p95 ${ms(result.p95)}`,
        `< ${target} ms`,
        result.requests > 0 && result.p95 < target && result.errors === 0,
      );
    }

    // 1,000 top-ups at once on 10 users, 100 of them sent twice under the same key: every balance must come out as
    // exactly its start plus the 1,000 amounts, and equal its ledger.
    const raced = userIds.slice(0, CONCURRENT_USERS);
    const before = new Map(
      (
        await client.query<{ id: number; balance: string }>(
          'select id, balance::text from app_users where id = any($1)',
          [raced],
        )
      ).rows.map((row) => [row.id, BigInt(row.balance)]),
    );
    const entriesBefore = Number(
      (await client.query<{ count: string }>('select count(*) from balance_entries where user_id = any($1)', [raced]))
        .rows[0]?.count,
    );
    const topUps = Array.from({ length: CONCURRENT_TOP_UPS }, (_, index) => {
      const tyiyn = BigInt(between(100, 500_000));
      return {
        userId: raced[index % raced.length] as number,
        tyiyn,
        amount: `${tyiyn / 100n}.${String(tyiyn % 100n).padStart(2, '0')}`,
        key: randomUUID(),
        retried: index % 10 === 0,
      };
    });
    const send = async (request: MeasuredRequest) => {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: { authorization, ...request.headers },
        body: request.body as string,
      });
      const body = (await response.json()) as { entry?: { id: number } };
      return { status: response.status, entryId: body.entry?.id };
    };
    const raceStartedAt = performance.now();
    const answers = await Promise.all(
      topUps.flatMap((item) => {
        const request = topUp(item.userId, item.amount, item.key);
        return item.retried ? [send(request), send(request)] : [send(request)];
      }),
    );
    const raceMs = Math.round(performance.now() - raceStartedAt);
    const statuses = new Map<number, number>();
    for (const answer of answers) {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    console.log(
      `racing top-ups answered: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`,
    );
    let answerIndex = 0;
    let failed = 0;
    let retriesAnsweredAlike = 0;
    for (const item of topUps) {
      const first = answers[answerIndex++];
      if (!first || first.status >= 300) {
        failed += 1;
      }
      if (item.retried) {
        const second = answers[answerIndex++];
        if (second && second.status < 300 && second.entryId === first?.entryId) {
          retriesAnsweredAlike += 1;
        } else {
          failed += 1;
        }
      }
    }
    const after = new Map(
      (
        await client.query<{ id: number; balance: string }>(
          'select id, balance::text from app_users where id = any($1)',
          [raced],
        )
      ).rows.map((row) => [row.id, BigInt(row.balance)]),
    );
    const wrongSums = raced.filter((id) => {
      const expected = topUps
        .filter((item) => item.userId === id)
        .reduce((sum, item) => sum + item.tyiyn, before.get(id) ?? 0n);
      return after.get(id) !== expected;
    }).length;
    const entriesAdded =
      Number(
        (await client.query<{ count: string }>('select count(*) from balance_entries where user_id = any($1)', [raced]))
          .rows[0]?.count,
      ) - entriesBefore;
    const raceMismatches = await ledgerMismatches(client, raced);
    report(
      `${CONCURRENT_TOP_UPS} concurrent top-ups on ${CONCURRENT_USERS} users + ${retriesAnsweredAlike} same-key retries (${raceMs} ms; ${failed} failed)`,
      `${entriesAdded} entries added, ${wrongSums} balances off their expected sum, ${raceMismatches} off their ledger`,
      `${CONCURRENT_TOP_UPS} entries, 0, 0`,
      failed === 0 && entriesAdded === CONCURRENT_TOP_UPS && wrongSums === 0 && raceMismatches === 0,
    );

    // BENCH_EXPORTS=0 leaves the exports out (a run measuring the lists and top-ups only).
    if (process.env.BENCH_EXPORTS !== '0') {
      // csv of the 1,000,000 other-card rows over HTTP, against COPY of the same select, in the same run.
      const exportPath = (format: string) => `/api/v1/users/payments/export/?method=other_card&format=${format}`;
      const copyMs = await copyOtherCardRows();
      const csvStartedAt = performance.now();
      const csv = await drain(
        await fetch(`${baseUrl}${exportPath('csv')}`, {
          headers: { authorization, 'accept-language': 'ru', 'accept-encoding': 'identity' },
        }),
      );
      const csvMs = performance.now() - csvStartedAt;
      const speed = copyMs / csvMs;
      report(
        `csv export of ${(csv.lines - 1).toLocaleString('en')} statement rows (${Math.round(csv.bytes / 1e6)} MB in ${Math.round(csvMs)} ms; COPY of the same rows ${Math.round(copyMs)} ms)`,
        `${speed.toFixed(2)}x COPY's speed`,
        '≥ 0.5x',
        speed >= 0.5 && csv.lines - 1 === USERS.otherCardEntries,
      );

      // The same rows as xlsx, while the server's RSS is sampled and the users list is asked for over and over.
      let peakRss = rssMb(serverPid);
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(serverPid));
      }, 100);
      let exporting = true;
      const listLatencies: number[] = [];
      const listWhileExporting = (async () => {
        while (exporting) {
          const startedAt = performance.now();
          const response = await fetch(`${baseUrl}/api/v1/users/?page=${between(1, 10_000)}&size=10`, {
            headers: { authorization },
          });
          await response.arrayBuffer();
          if (response.ok) {
            listLatencies.push(performance.now() - startedAt);
          }
        }
      })();
      const xlsxStartedAt = performance.now();
      const xlsxResponse = await fetch(`${baseUrl}${exportPath('xlsx')}`, {
        headers: { authorization, 'accept-language': 'ru', 'accept-encoding': 'identity' },
      });
      const xlsx = await drain(xlsxResponse);
      const xlsxSeconds = (performance.now() - xlsxStartedAt) / 1000;
      exporting = false;
      await listWhileExporting;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, rssMb(serverPid));
      listLatencies.sort((a, b) => a - b);
      report(
        `xlsx export of the same rows (${Math.round(xlsx.bytes / 1e6)} MB, status ${xlsxResponse.status})`,
        `${xlsxSeconds.toFixed(1)} s`,
        '< 30 s',
        xlsxResponse.ok && xlsxSeconds < 30,
      );
      report('server RSS during the xlsx export (sampled every 100 ms)', `${peakRss} MB`, '< 300 MB', peakRss < 300);
      report(
        `users list during the xlsx export (${listLatencies.length} requests, p50 ${ms(percentile(listLatencies, 0.5))})`,
        `p95 ${ms(percentile(listLatencies, 0.95))}`,
        '< 50 ms',
        listLatencies.length > 0 && percentile(listLatencies, 0.95) < 50,
      );
    }
    console.table(figures.map(({ what, figure, target, ok }) => ({ what, figure, target, ok: ok ? 'yes' : 'NO' })));
    process.exitCode = figures.every((item) => item.ok) ? 0 : 1;
  } finally {
    await client.end().catch(() => undefined);
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
