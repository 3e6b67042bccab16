// npm run lighthouse: Lighthouse (12.x) on the main screens of a running, seeded server, on the mobile and desktop
// presets, as each account that uses the dashboard: signed in through the login form first, as a person would, then
// each screen loaded afresh (Lighthouse empties the HTTP cache before every run; the session the form left in local
// storage stays). Prints the median of the runs beside the target (performance: desktop >= 95, mobile >= 75) with the
// machine's load average, and exits 1 on a miss.
//
//   LIGHTHOUSE_URL        the server (default http://127.0.0.1:$PORT, PORT 8080); fill it first (npm run seed:demo).
//                         A comma list of name=url compares builds (before=http://...:8290,after=http://...:8291, on
//                         copies of one database): their runs alternate, so a busy machine weighs on each alike
//   LIGHTHOUSE_ACCOUNTS   comma list of email:password (default: the demo's manager and operator with the demo
//                         password, then ADMIN_EMAIL:ADMIN_PASSWORD when set)
//   CHROME_PATH           the browser (default Debian's /usr/bin/chromium)
//   LIGHTHOUSE_PRESETS    mobile,desktop;  LIGHTHOUSE_SCREENS  a comma list of screen names (default all)
//   LIGHTHOUSE_RUNS       runs per account, screen and preset, the median is judged (default 5)
//   LIGHTHOUSE_REPORTS    a folder to keep each run's HTML report in
//   LIGHTHOUSE_JSON       a file to write every run's figures to (account, screen, preset, scores, load average)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD, parseAccounts } from './demo-accounts';

type TPreset = 'mobile' | 'desktop';
const TARGETS: Record<TPreset, number> = { mobile: 75, desktop: 95 };
/** apps/server/src/modules/accounts/accounts.seed.ts: every demo account signs in with it. */
/** apps/web/src/lib/sessionKeys.ts */
const SESSION_KEY = 'zaryad.session';

const env = process.env;
const servers = (env.LIGHTHOUSE_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`)
  .split(',')
  .map((item) => item.trim())
  .filter(Boolean)
  .map((item) => {
    const named = /^([\w-]+)=(.+)$/.exec(item);
    return { name: named?.[1] ?? '', url: (named?.[2] ?? item).replace(/\/+$/, '') };
  });
const presets = (env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').map((preset) => preset.trim()) as TPreset[];
const runs = Math.max(1, Number(env.LIGHTHOUSE_RUNS ?? 5));
// Empty or unset: every screen.
const onlyScreens = env.LIGHTHOUSE_SCREENS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);

const accounts = env.LIGHTHOUSE_ACCOUNTS
  ? parseAccounts(env.LIGHTHOUSE_ACCOUNTS)
  : [
      { email: 'manager@zaryad.local', password: DEMO_PASSWORD },
      { email: 'operator@zaryad.local', password: DEMO_PASSWORD },
      ...(env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? [{ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }] : []),
    ];
if (presets.some((preset) => !(preset in TARGETS))) {
  console.error('LIGHTHOUSE_PRESETS takes mobile and desktop');
  process.exit(1);
}

type TSession = { access: string; refresh: string };

const api = async <T>(baseUrl: string, session: TSession, path: string): Promise<T> => {
  const response = await fetch(`${baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${session.access}` } });
  if (!response.ok) {
    throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
};

/** Seconds until the access token expires (its JWT `exp`). */
const secondsLeft = (session: TSession) => {
  const payload = JSON.parse(Buffer.from(session.access.split('.')[1] ?? '', 'base64url').toString()) as {
    exp?: number;
  };
  return (payload.exp ?? 0) - Date.now() / 1000;
};

const readSession = async (page: Page): Promise<TSession | null> => {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as TSession) : null;
};

/**
 * Signs in through the login form, as a person does, and waits until the signed-in app has settled (its
 * `/accounts/me/` answered and whatever the app keeps from it written): the runs after it are a returning visit.
 */
const signIn = async (page: Page, baseUrl: string, email: string, password: string): Promise<TSession> => {
  // Not 'networkidle0': a signed-in page (the previous account's) keeps its notification and live-status event
  // streams open, so its network is never idle.
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('language', 'ru'));
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.waitForSelector('input[autocomplete="username"]', { timeout: 30_000 });
  await page.type('input[autocomplete="username"]', email);
  await page.type('input[autocomplete="current-password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, { timeout: 30_000 }, SESSION_KEY);
  // The signed-in shell drawn (its header's controls), the first screen's reads given a moment to settle.
  await page.waitForSelector('[data-testid="header-controls"]', { timeout: 60_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 15_000, concurrency: 2 }).catch(() => undefined);
  const session = await readSession(page);
  if (!session) {
    throw new Error(`${email}: the login form left no session`);
  }
  return session;
};

type TScreen = { name: string; path: string; isSignedOut?: boolean };

/**
 * The screens as this account sees them on a filled network: the merchant with the most stations on the first page
 * of its list, and one of that merchant's stations.
 */
const screensFor = async (baseUrl: string, session: TSession | null): Promise<TScreen[]> => {
  if (!session) {
    return [{ name: 'login', path: '/', isSignedOut: true }];
  }
  const merchants = await api<{ items: { id: number; stations_count: number }[] }>(
    baseUrl,
    session,
    '/merchants/?size=100',
  );
  const merchant = [...merchants.items].sort((a, b) => b.stations_count - a.stations_count)[0];
  if (!merchant || merchant.stations_count === 0) {
    throw new Error(`no merchant with stations on ${baseUrl}: fill the database first (npm run seed:demo)`);
  }
  const stations = await api<{ items: { id: number }[] }>(
    baseUrl,
    session,
    `/stations/?merchant=${merchant.id}&size=1`,
  );
  const station = stations.items[0];
  return [
    { name: 'merchants list', path: '/merchants' },
    { name: 'merchant detail', path: `/merchant/${merchant.id}` },
    {
      name: 'station form',
      path: station ? `/merchant/${merchant.id}/edit-station/${station.id}` : `/merchant/${merchant.id}/create-station`,
    },
    { name: 'rates', path: '/rates' },
    { name: 'users', path: '/users' },
  ];
};

type TMeasure = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
};

/**
 * The measuring's own failures, not the page's (Lighthouse: "Something went wrong with recording the trace... run
 * Lighthouse again"): such a run is taken again, up to `TRACE_ATTEMPTS` times, instead of counting as a score of 0.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const TRACE_ATTEMPTS = 3;

const measure = async (page: Page, url: string, preset: TPreset, report?: string): Promise<TMeasure | null> => {
  // Lighthouse's own reset empties the HTTP cache, service workers and cache storage but not local storage (its
  // default clearStorageTypes): the page loads afresh with the session the form left.
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: report ? 'html' : 'json', onlyCategories: ['performance', 'accessibility'] },
    preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!result) {
    throw new Error(`Lighthouse gave no result for ${url}`);
  }
  if (report) {
    writeFileSync(report, String(result.report));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError && TRACE_FAILURES.has(runtimeError.code)) {
    return null;
  }
  if (runtimeError) {
    // NO_LCP, a page that never settled...: the score is 0, and the reason is worth seeing.
    console.log(`${url} (${preset}): Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`);
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    load: loadavg()[0] ?? Number.NaN,
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const reportsDir = env.LIGHTHOUSE_REPORTS;
if (reportsDir) {
  mkdirSync(reportsDir, { recursive: true });
}
const browser: Browser = await puppeteer.launch({
  executablePath: env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  defaultViewport: null,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
  ],
});

type TVisitor = {
  label: string;
  account: { email: string; password: string } | null;
  page: Page;
  session: TSession | null;
};

const HEADER = `| account | screen | preset |${servers.length > 1 ? ' build |' : ''} performance (runs) | target | FCP | LCP | TBT | CLS | a11y | load |`;
const rows: string[] = [];
const results: { account: string; screen: string; preset: TPreset; build: string; runs: TMeasure[] }[] = [];
const misses: string[] = [];
const started = new Date();

/** The row of one account, screen, preset and build: the median of its runs, and the load average while they ran. */
const report = (label: string, screen: string, preset: TPreset, build: string, measures: TMeasure[]) => {
  results.push({ account: label, screen, preset, build, runs: measures });
  const score = median(measures.map((item) => item.performance));
  const isOk = score >= TARGETS[preset];
  if (!isOk) {
    misses.push(`${label}: ${screen} (${preset}${build ? `, ${build}` : ''})`);
  }
  const of = (key: keyof TMeasure) => median(measures.map((item) => item[key]));
  const loads = measures.map((item) => item.load);
  const row = [
    label,
    screen,
    preset,
    ...(servers.length > 1 ? [build] : []),
    `${score} (${measures.map((item) => item.performance).join(', ')})`,
    `≥ ${TARGETS[preset]}: ${isOk ? 'ok' : '**missed**'}`,
    `${(of('fcp') / 1000).toFixed(1)} s`,
    `${(of('lcp') / 1000).toFixed(1)} s`,
    `${Math.round(of('tbt'))} ms`,
    of('cls').toFixed(3),
    String(of('accessibility')),
    `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  ];
  rows.push(`| ${row.join(' | ')} |`);
  console.log(rows.at(-1));
};

/** One run on each server in turn, `runs` times, so that each build is measured under the same load. */
const measureAll = async (visitors: TVisitor[], screen: TScreen, preset: TPreset) => {
  const measures = visitors.map(() => [] as TMeasure[]);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, visitor] of visitors.entries()) {
      const server = servers[index] ?? servers[0]!;
      // Several pages share the browser: a page behind another paints nothing (Lighthouse's NO_FCP) and answers late.
      await visitor.page.bringToFront();
      // A run must not spend its time refreshing an expiring token: sign in again through the form first.
      if (visitor.account && visitor.session && secondsLeft(visitor.session) < 180) {
        visitor.session = await signIn(visitor.page, server.url, visitor.account.email, visitor.account.password);
      }
      const name = [server.name, visitor.label, screen.name.replace(/\W+/g, '-'), preset, run + 1].filter(Boolean);
      const file = reportsDir ? join(reportsDir, `${name.join('.')}.html`) : undefined;
      let measured: TMeasure | null = null;
      for (let attempt = 1; attempt <= TRACE_ATTEMPTS && !measured; attempt += 1) {
        measured = await measure(visitor.page, `${server.url}${screen.path}`, preset, file);
        if (!measured) {
          console.log(`${name.join(' ')}: the trace was not recorded (attempt ${attempt})`);
        }
      }
      if (!measured) {
        throw new Error(`${screen.name} (${preset}): Lighthouse recorded no trace in ${TRACE_ATTEMPTS} attempts`);
      }
      measures[index]?.push(measured);
    }
  }
  for (const [index, visitor] of visitors.entries()) {
    report(visitor.label, screen.name, preset, servers[index]?.name ?? '', measures[index] ?? []);
  }
};

const wanted = (screen: TScreen) => !onlyScreens?.length || onlyScreens.includes(screen.name);
// Each account in its own browser context (one page per server): nothing of one account's storage reaches another's.
const visitorsOf = async (account: TVisitor['account']): Promise<TVisitor[]> => {
  const context = await browser.createBrowserContext();
  const visitors: TVisitor[] = [];
  for (const server of servers) {
    const page = await context.newPage();
    const session = account ? await signIn(page, server.url, account.email, account.password) : null;
    visitors.push({ label: account ? account.email.replace(/@.*/, '') : 'signed out', account, page, session });
  }
  return visitors;
};

try {
  const login: TScreen = { name: 'login', path: '/', isSignedOut: true };
  if (wanted(login)) {
    const signedOut = await visitorsOf(null);
    for (const preset of presets) {
      await measureAll(signedOut, login, preset);
    }
  }
  // Screen by screen, every account on each: a run cut short still compares the accounts on the screens it reached.
  const everyone: { visitors: TVisitor[]; screens: TScreen[] }[] = [];
  for (const account of accounts) {
    const visitors = await visitorsOf(account);
    everyone.push({
      visitors,
      screens: (await screensFor(servers[0]!.url, visitors[0]?.session ?? null)).filter(wanted),
    });
  }
  const screenNames = [...new Set(everyone.flatMap(({ screens }) => screens.map((screen) => screen.name)))];
  for (const screenName of screenNames) {
    for (const { visitors, screens } of everyone) {
      const screen = screens.find((item) => item.name === screenName);
      for (const preset of screen ? presets : []) {
        await measureAll(visitors, screen!, preset);
      }
    }
  }
} finally {
  await browser.close();
  if (env.LIGHTHOUSE_JSON) {
    writeFileSync(env.LIGHTHOUSE_JSON, `${JSON.stringify({ servers, started, results }, null, 2)}\n`);
  }
}

console.log(
  `\nLighthouse, ${runs} run(s) per account, screen and preset on ${servers.map((server) => server.url).join(', ')}, median judged:\n`,
);
console.log(HEADER);
console.log(`|${' --- |'.repeat(HEADER.split('|').length - 2)}`);
for (const row of rows) {
  console.log(row);
}
if (misses.length > 0) {
  console.log(`\nMissed: ${misses.join(', ')}`);
  process.exit(1);
}
