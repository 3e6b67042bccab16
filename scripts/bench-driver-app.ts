// npm run bench:driver-app: Lighthouse (mobile) on the drivers' web app (issue 40, docs/product/driver-app.md): the
// stations map, a station's page and the live charge, each scored for performance, accessibility and best practices
// against 90, and each checked installable as a PWA. It does not build the app: run `npm run build` first (it measures
// apps/driver/dist as the server serves it under /app/; the harness compiles the server itself, as for every bench).
//
// What it does: starts the production server on a fresh embedded database (bench-harness.ts) with its map tiles from a
// local stand-in (MAP_TILE_URL: no internet here), makes a merchant and a station open round the clock with one CCS2
// connector at 20 som/kWh, connects its simulated charge point (@zaryad/server/ocpp-simulator, a meter value every
// 10 s), signs a driver in through the drivers' API and tops their balance up; launches Chromium headless with a
// remote-debugging port and its own user-data-dir, opens /app/ once to put the driver's session in local storage
// (`zaryad.driver.session`), then runs Lighthouse on
//   /app/stations?view=map, /app/stations/{id} (its connector free, "Charge here" on it), and, once a charge started
//   through the API is running at the charge point, /app/charging.
// Lighthouse runs with `disableStorageReset: true` so that the session stays; before each run the script empties the
// HTTP cache, the service worker and its caches itself (what Lighthouse's own reset clears), so that every run is a
// signed-in driver's first load of the page, not one served by the app's service worker (BENCH_DRIVER_WARM=1 keeps
// them: an installed app's returning visit).
//
// Lighthouse 12 has no PWA category (it was removed in 12.0, with its installable-manifest audit); the installability
// is asked of Chromium itself, as that audit did: `Page.getInstallabilityErrors` on the loaded page (none: installable),
// with the manifest Chromium read (`Page.getAppManifest`) and the service worker controlling the page.
//
// Per page the median of BENCH_DRIVER_RUNS (3) runs is judged; each missed page lists Lighthouse's top opportunities
// and its failed accessibility and best-practices audits. Exit 1 when a figure misses its target.
//   CHROME_PATH            the browser (default /usr/bin/chromium)
//   BENCH_DRIVER_RUNS      Lighthouse runs per page (default 3)
//   BENCH_DRIVER_REPORTS   a folder to keep each run's HTML report in
//   BENCH_SERVER_LOG       a file to keep the server's log in (bench-harness.ts)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePng } from '@zaryad/server/png';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createReport, freePort, REPO_ROOT, signIn, sleep, startServer } from './bench-harness';

const TARGET = 90;
const RUNS = Math.max(1, Number(process.env.BENCH_DRIVER_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORTS_DIR = process.env.BENCH_DRIVER_REPORTS;
const WARM = process.env.BENCH_DRIVER_WARM === '1';
/** apps/driver/src: where the app keeps the driver's pair of tokens. */
const SESSION_KEY = 'zaryad.driver.session';
const STATION_PASSWORD = 'BenchDriverApp00001';
const ROUND_THE_CLOCK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  start_time: '00:00:00',
  end_time: '00:00:00',
  is_break: false,
}));

const driverDist = join(REPO_ROOT, 'apps', 'driver', 'dist');
if (!existsSync(join(driverDist, 'index.html'))) {
  console.error(`${driverDist} has no build: run \`npm run build\` first (this benchmark measures the built app).`);
  process.exit(1);
}
if (!existsSync(CHROME_PATH)) {
  console.error(`no browser at ${CHROME_PATH}: set CHROME_PATH`);
  process.exit(1);
}

const { report, missed } = createReport();
const load = () => `${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} CPUs`;

/** The map's tiles: one generated 256x256 PNG for any /tiles/{z}/{x}/{y}.png (as e2e/support/geo-standins.ts). */
const startTileStandin = async (port: number) => {
  const tile = encodePng(256, 256, (x, y) =>
    x < 2 || y < 2 || x % 64 === 0 || y % 64 === 0 ? [0xd4, 0xdc, 0xd8] : [0xf2, 0xef, 0xe9],
  );
  const server = createServer((request, response) => {
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(new URL(request.url ?? '/', 'http://localhost').pathname)) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      response.end(tile);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
};

/** The server's API as the benchmark uses it: JSON in and out, the expected status checked. */
const api = async <T>(
  baseUrl: string,
  authorization: string | null,
  method: string,
  path: string,
  status: number,
  body?: object | FormData,
): Promise<T> => {
  const headers: Record<string, string> = { 'accept-language': 'ru' };
  if (authorization) {
    headers.authorization = authorization;
  }
  if (body && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  }
  return (text ? JSON.parse(text) : null) as T;
};

/** A merchant and a station open round the clock, one CCS2 connector of 60 kW at 20 som/kWh, with a photo. */
const makeStation = async (baseUrl: string, dashboard: string) => {
  const countries = await api<{ id: number }[]>(
    baseUrl,
    dashboard,
    'GET',
    '/api/v1/common/locations/?location_type=countries',
    200,
  );
  const country = countries[0];
  const cities = await api<{ id: number; name_en: string }[]>(
    baseUrl,
    dashboard,
    'GET',
    `/api/v1/common/locations/?location_type=settlements&country_id=${country?.id}`,
    200,
  );
  const city = cities.find((item) => item.name_en === 'Bishkek') ?? cities[0];
  if (!country || !city) {
    throw new Error('the database has no countries or settlements');
  }
  const merchant = await api<{ id: number }>(baseUrl, dashboard, 'POST', '/api/v1/merchants/', 201, {
    name: 'Bench Energy',
    agreement_number: 'AG-BENCH-1',
    legal_entity: 'ОсОО «Бенч Энерджи»',
    country: country.id,
    city: city.id,
    district: 'Первомайский',
    street: 'пр. Чуй, 120',
    phone: '996555000001',
    email: 'bench-merchant@zaryad.kg',
    percentage: '12.5',
    status: 0,
    schedule: ROUND_THE_CLOCK,
  });
  const form = new FormData();
  const fields: Record<string, string> = {
    merchant: String(merchant.id),
    identity: 'CP-BENCH-APP-1',
    password: STATION_PASSWORD,
    pic: 'Азамат Усенов',
    name_ru: 'Заряд Киевская',
    name_en: 'Zaryad Kievskaya',
    name_ky: 'Заряд Киев көчөсү',
    address_ru: 'ул. Киевская, 95',
    latitude: '42.874621',
    longitude: '74.569700',
    execution_type: 'floor',
    status: '0',
    country: String(country.id),
    city: String(city.id),
  };
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  ROUND_THE_CLOCK.forEach((entry, index) => {
    form.append(`schedule[${index}]day`, String(entry.day));
    form.append(`schedule[${index}]start_time`, entry.start_time);
    form.append(`schedule[${index}]end_time`, entry.end_time);
    form.append(`schedule[${index}]is_break`, 'false');
  });
  for (const [key, value] of Object.entries({
    evse_id: '1',
    connector_id: '1',
    ocpp_16_id: '1',
    typo: 'ccs2',
    position: '1',
    power_kWh: '60',
    custom_fee: '20.00',
  })) {
    form.append(`connectors[0]${key}`, value);
  }
  // A photo as a station has one: 640x360, the size the app's header shows.
  const photo = encodePng(640, 360, (x, y) => [0x22 + ((x >> 4) % 8) * 8, 0xa6 - ((y >> 4) % 8) * 6, 0x99]);
  form.append('media_files[0]content', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const station = await api<{ id: number; identity: string }>(
    baseUrl,
    dashboard,
    'POST',
    '/api/v1/stations/',
    201,
    form,
  );
  return station;
};

/** A driver signed in as the app does it (a code by SMS read from the outbox, checked): their pair of tokens. */
const signInDriver = async (baseUrl: string, dashboard: string) => {
  const phone = '996700123456';
  await api(baseUrl, null, 'POST', '/api/app/v1/auth/code/', 202, { phone });
  const outbox = await api<{ items: { text: string }[] }>(
    baseUrl,
    dashboard,
    'GET',
    `/api/v1/sms-outbox/?search=${phone}&size=1`,
    200,
  );
  const code = /\d{6}/.exec(outbox.items[0]?.text ?? '')?.[0];
  const { access, refresh, user } = await api<{ access: string; refresh: string; user: { id: number } }>(
    baseUrl,
    null,
    'POST',
    '/api/app/v1/auth/verify/',
    200,
    { phone, code },
  );
  return { id: user.id, access, refresh };
};

const launchChromium = async (userDataDir: string) => {
  const port = await freePort();
  const child = spawn(
    CHROME_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (child.exitCode !== null) {
      throw new Error(`${CHROME_PATH} exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) {
        return { child, port };
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${CHROME_PATH} did not open its debugging port within 15 s`);
};

type TScores = { performance: number; accessibility: number; bestPractices: number };
type TFinding = { id: string; title: string; detail: string };
type TRun = TScores & {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  opportunities: TFinding[];
  failed: TFinding[];
  /** Lighthouse's measure of the machine's CPU (higher is faster; a busy machine's is lower). */
  benchmarkIndex: number;
};

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** One Lighthouse run, mobile (its default config: a Moto G Power on slow 4G, CPU slowed 4x), storage kept. */
const runLighthouse = async (port: number, url: string, reportFile?: string): Promise<TRun> => {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: reportFile ? 'html' : 'json',
    formFactor: 'mobile',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) {
    throw new Error(`Lighthouse gave no result for ${url}`);
  }
  if (reportFile) {
    writeFileSync(reportFile, String(result.report));
  }
  const { categories, audits, runtimeError, runWarnings, environment } = result.lhr;
  if (runtimeError) {
    console.log(`  ${url}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`);
  }
  for (const warning of runWarnings) {
    console.log(`  ${url}: Lighthouse warns: ${warning}`);
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        (audit.details?.type === 'opportunity' || Object.values(audit.metricSavings ?? {}).some((saving) => saving)),
    )
    .map((audit) => {
      const savings = Object.entries(audit.metricSavings ?? {})
        .filter(([, saving]) => saving)
        .map(([metric, saving]) => `${metric} −${metric === 'CLS' ? saving?.toFixed(3) : Math.round(saving ?? 0)}`);
      return {
        id: audit.id,
        title: audit.title,
        detail: [audit.displayValue, savings.join(', ')].filter(Boolean).join('; '),
        weight: Object.values(audit.metricSavings ?? {}).reduce<number>((sum, saving) => sum + (saving ?? 0), 0),
      };
    })
    .sort((a, b) => b.weight - a.weight)
    .map(({ weight: _weight, ...finding }) => finding);
  const failed = (['accessibility', 'best-practices'] as const).flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ({
        id: ref.id,
        title: audits[ref.id]?.title ?? ref.id,
        detail: `${category}, weight ${ref.weight}`,
      })),
  );
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    opportunities,
    failed,
    benchmarkIndex: environment.benchmarkIndex,
  };
};

/** The HTTP cache, the origin's service worker and its caches emptied, local storage (the session) kept. */
const coldStart = async (browser: Browser, origin: string) => {
  const page = await browser.newPage();
  try {
    const session = await page.createCDPSession();
    await session.send('Network.enable');
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'file_systems,shader_cache,service_workers,cache_storage',
    });
  } finally {
    await page.close();
  }
};

/**
 * Whether Chromium finds the page installable, as Lighthouse's former installable-manifest audit asked it: the
 * installability errors of the loaded page (none: installable), the manifest it read, the service worker in control.
 */
const checkInstallable = async (browser: Browser, url: string) => {
  const page: Page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const controlled = await page
      .waitForFunction('navigator.serviceWorker?.controller != null', { timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    const session = await page.createCDPSession();
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    const manifest = (await session.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    const errors = [
      ...installabilityErrors.map(
        (error) =>
          `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(', ')})` : ''}`,
      ),
      ...manifest.errors.map((error) => `manifest: ${error.message}`),
      ...(controlled ? [] : ['no service worker controls the page']),
    ];
    return { errors, manifestUrl: manifest.url };
  } finally {
    await page.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-bench-driver-app-'));
  const userDataDir = join(dataDir, 'chromium');
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
  }
  let server: ChildProcess | undefined;
  let tiles: Server | undefined;
  let chromium: ChildProcess | undefined;
  let browser: Browser | undefined;
  let point: SimulatedChargePoint | undefined;
  try {
    const tilePort = await freePort();
    tiles = await startTileStandin(tilePort);
    process.env.MAP_TILE_URL = `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The embedded database: an empty DATABASE_URL is none (apps/server/src/config.ts).
    server = await startServer({ port, dataDir: join(dataDir, 'server'), databaseUrl: '' });
    const dashboard = await signIn(baseUrl);

    const station = await makeStation(baseUrl, dashboard);
    point = new SimulatedChargePoint({
      endpoint: `ws://127.0.0.1:${port}/ocpp`,
      identity: station.identity,
      password: STATION_PASSWORD,
      connectors: [1],
      // A meter value every 10 s (the simulator's MeterValueSampleInterval; real ones send every 10 to 60 s).
      meterEveryMs: 10_000,
      heartbeatMs: 60_000,
    });
    await point.connect();
    await point.boot();
    const driver = await signInDriver(baseUrl, dashboard);
    await api(baseUrl, dashboard, 'PATCH', `/api/v1/users/${driver.id}/balance/`, 200, {
      amount: '1000.00',
      method: 'cash',
      comment: 'bench:driver-app',
    });
    const driverAuth = `Bearer ${driver.access}`;
    const screen = await api<{ connectors: { id: number; available: boolean; price: unknown }[] }>(
      baseUrl,
      driverAuth,
      'GET',
      `/api/app/v1/stations/${station.id}/`,
      200,
    );
    const connector = screen.connectors[0];
    for (let waited = 0; !connector?.available && waited < 10_000; waited += 250) {
      await sleep(250);
      Object.assign(
        connector ?? {},
        (await api<typeof screen>(baseUrl, driverAuth, 'GET', `/api/app/v1/stations/${station.id}/`, 200))
          .connectors[0],
      );
    }
    if (!connector?.available || !connector.price) {
      throw new Error(`the station's connector is not free with a price: ${JSON.stringify(connector)}`);
    }
    console.log(
      `server ${baseUrl} (embedded database), station ${station.id} with its charge point, driver ${driver.id}; ` +
        `${RUNS} Lighthouse run(s) per page, mobile, ${WARM ? 'caches kept (returning visit)' : 'caches emptied before each run'}; load average ${load()}`,
    );

    const launched = await launchChromium(userDataDir);
    chromium = launched.child;
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${launched.port}`, defaultViewport: null });
    // The driver's session in the browser's local storage, as the app keeps it after signing in.
    const first = await browser.newPage();
    await first.goto(`${baseUrl}/app/`, { waitUntil: 'load' });
    await first.evaluate(
      (key, value) => localStorage.setItem(key, value),
      SESSION_KEY,
      JSON.stringify({ access: driver.access, refresh: driver.refresh }),
    );
    await first.close();

    const pages: { name: string; path: string; before?: () => Promise<void> }[] = [
      { name: 'stations map', path: '/app/stations?view=map' },
      { name: 'station', path: `/app/stations/${station.id}` },
      {
        name: 'live charge',
        path: '/app/charging',
        before: async () => {
          await api(baseUrl, driverAuth, 'POST', '/api/app/v1/charging/start/', 202, { connector_id: connector.id });
          for (let waited = 0; ; waited += 500) {
            const session = await api<{ charges: { running: boolean; consumption_kwh: string | null }[] }>(
              baseUrl,
              driverAuth,
              'GET',
              '/api/app/v1/charging/',
              200,
            );
            if (session.charges.some((charge) => charge.running && Number(charge.consumption_kwh ?? 0) > 0)) {
              return;
            }
            if (waited > 45_000) {
              throw new Error(`the charge is not running 45 s after its start: ${JSON.stringify(session)}`);
            }
            await sleep(500);
          }
        },
      },
    ];
    const rows: string[] = [];
    for (const { name, path, before } of pages) {
      await before?.();
      const url = `${baseUrl}${path}`;
      const runs: TRun[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        if (!WARM) {
          await coldStart(browser, baseUrl);
        }
        const file = REPORTS_DIR ? join(REPORTS_DIR, `${name.replace(/\W+/g, '-')}.${run}.html`) : undefined;
        const measured = await runLighthouse(launched.port, url, file);
        console.log(
          `  ${name} run ${run}: performance ${measured.performance}, accessibility ${measured.accessibility}, ` +
            `best practices ${measured.bestPractices}; FCP ${(measured.fcp / 1000).toFixed(1)} s, LCP ${(measured.lcp / 1000).toFixed(1)} s, ` +
            `TBT ${Math.round(measured.tbt)} ms, CLS ${measured.cls.toFixed(3)}; CPU benchmark index ` +
            `${Math.round(measured.benchmarkIndex)}, load average ${load()}`,
        );
        runs.push(measured);
      }
      const of = (key: keyof TScores | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'speedIndex') =>
        median(runs.map((run) => run[key]));
      const all = (key: keyof TScores) => runs.map((run) => run[key]).join(', ');
      for (const [key, label] of [
        ['performance', 'performance'],
        ['accessibility', 'accessibility'],
        ['bestPractices', 'best practices'],
      ] as const) {
        const figure = of(key);
        report(
          `${name} (${path}), Lighthouse mobile ${label}, median of ${RUNS} (${all(key)})`,
          String(figure),
          `≥ ${TARGET}`,
          figure >= TARGET,
        );
      }
      // When CDP's own `Page.getInstallabilityErrors` is asked too early it answers nothing: after a load.
      const installable = await checkInstallable(browser, url);
      report(
        `${name}: installable as a PWA (Chromium's installability errors, manifest ${installable.manifestUrl || 'none'}, service worker in control)`,
        installable.errors.length ? installable.errors.join('; ') : 'installable',
        'installable',
        installable.errors.length === 0,
      );
      rows.push(
        `| ${name} | ${of('performance')} | ${of('accessibility')} | ${of('bestPractices')} | ${installable.errors.length ? 'no' : 'yes'} | ` +
          `${(of('fcp') / 1000).toFixed(1)} s | ${(of('lcp') / 1000).toFixed(1)} s | ${Math.round(of('tbt'))} ms | ${of('cls').toFixed(3)} |`,
      );
      const scores = runs.map((run) => Math.min(run.performance, run.accessibility, run.bestPractices));
      if (Math.min(of('performance'), of('accessibility'), of('bestPractices')) < TARGET) {
        // The run nearest the median: its opportunities and failed audits.
        const worst = runs[scores.indexOf(median(scores))] ?? runs[0]!;
        for (const finding of worst.opportunities.slice(0, 6)) {
          console.log(`       opportunity: ${finding.title} [${finding.id}] ${finding.detail}`);
        }
        for (const finding of worst.failed) {
          console.log(`       failed: ${finding.title} [${finding.id}] (${finding.detail})`);
        }
      }
    }
    console.log(
      `\nDrivers' app, Lighthouse ${RUNS} run(s) per page, mobile, medians (target ${TARGET}; load average ${load()}):\n`,
    );
    console.log('| page | performance | accessibility | best practices | installable | FCP | LCP | TBT | CLS |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) {
      console.log(row);
    }
  } finally {
    await browser?.disconnect().catch(() => undefined);
    chromium?.kill('SIGKILL');
    await point?.close().catch(() => undefined);
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) {
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    tiles?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const misses = missed();
  if (misses.length > 0) {
    console.log(`\nMissed: ${misses.map((figure) => figure.what.replace(/,.*$/, '')).join('; ')}`);
    process.exit(1);
  }
};

await main();
