// npm run lighthouse: Lighthouse (12.x) on the main screens of a running server, on the mobile and desktop presets,
// each score printed beside its target (performance: desktop >= 95, mobile >= 75); exits 1 on a miss.
//
//   LIGHTHOUSE_URL       the server (default http://127.0.0.1:$PORT, PORT 8080); fill it first (npm run seed:demo)
//   LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD   an account that sees every screen (default ADMIN_EMAIL / ADMIN_PASSWORD)
//   CHROME_PATH          the browser (default Debian's /usr/bin/chromium)
//   LIGHTHOUSE_PRESETS   mobile,desktop;  LIGHTHOUSE_SCREENS  a comma list of screen names (default all)
//   LIGHTHOUSE_RUNS      runs per screen and preset, the median is judged (default 3)
//   LIGHTHOUSE_REPORTS   a folder to keep each run's HTML report in
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

type TPreset = 'mobile' | 'desktop';
const TARGETS: Record<TPreset, number> = { mobile: 75, desktop: 95 };

const env = process.env;
const baseUrl = (env.LIGHTHOUSE_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/+$/, '');
const email = env.LIGHTHOUSE_EMAIL ?? env.ADMIN_EMAIL;
const password = env.LIGHTHOUSE_PASSWORD ?? env.ADMIN_PASSWORD;
const presets = (env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').map((preset) => preset.trim()) as TPreset[];
const runs = Math.max(1, Number(env.LIGHTHOUSE_RUNS ?? 3));
// Empty or unset: every screen.
const onlyScreens = env.LIGHTHOUSE_SCREENS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);

if (!email || !password) {
  console.error('set LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD (or ADMIN_EMAIL and ADMIN_PASSWORD) of an administrator');
  process.exit(1);
}
if (presets.some((preset) => !(preset in TARGETS))) {
  console.error('LIGHTHOUSE_PRESETS takes mobile and desktop');
  process.exit(1);
}

const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${baseUrl}/api/v1${path}`, init);
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
};

const tokens = await api<{ access: string; refresh: string }>('/accounts/login/', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, remember: true }),
});
const headers = { authorization: `Bearer ${tokens.access}` };

// The merchant with the most stations on the first page of the list, and one of its stations: the screens as an
// operator sees them on a filled network.
const merchants = await api<{ items: { id: number; stations_count: number }[] }>('/merchants/?size=100', { headers });
const merchant = [...merchants.items].sort((a, b) => b.stations_count - a.stations_count)[0];
if (!merchant || merchant.stations_count === 0) {
  console.error(`no merchant with stations on ${baseUrl}: fill the database first (npm run seed:demo)`);
  process.exit(1);
}
const stations = await api<{ items: { id: number }[] }>(`/stations/?merchant=${merchant.id}&size=1`, { headers });
const station = stations.items[0];

const SCREENS: { name: string; path: string; isSignedOut?: boolean }[] = [
  { name: 'login', path: '/', isSignedOut: true },
  { name: 'merchants list', path: '/merchants' },
  { name: 'merchant detail', path: `/merchant/${merchant.id}` },
  {
    name: 'station form',
    path: station ? `/merchant/${merchant.id}/edit-station/${station.id}` : `/merchant/${merchant.id}/create-station`,
  },
  { name: 'rates', path: '/rates' },
  { name: 'users', path: '/users' },
].filter((screen) => !onlyScreens?.length || onlyScreens.includes(screen.name));

/**
 * The web app's local storage after a sign-in (apps/web/src/lib/session.ts, lib/prerender.ts): the tokens, and the
 * permissions of the account's last /accounts/me/, set before the page's first script runs.
 */
const SESSION = JSON.stringify({ access: tokens.access, refresh: tokens.refresh });
const PERMISSIONS = (await api<{ permissions: string[] }>('/accounts/me/', { headers })).permissions.join(' ');

type TMeasure = { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number };

const measure = async (browser: Browser, url: string, preset: TPreset, isSignedOut: boolean, report?: string) => {
  const page = await browser.newPage();
  try {
    // Lighthouse clears the origin's storage before it loads the page: the tokens are put back by a script that runs
    // before the app's own on every document, as the app itself keeps them after a sign-in.
    await page.evaluateOnNewDocument(
      (session: string | null, permissions: string) => {
        if (session) {
          localStorage.setItem('zaryad.session', session);
          localStorage.setItem('zaryad.permissions', permissions);
        }
        localStorage.setItem('language', 'ru');
      },
      isSignedOut ? null : SESSION,
      PERMISSIONS,
    );
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: report ? 'html' : 'json',
        onlyCategories: ['performance', 'accessibility'],
      },
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
    } satisfies TMeasure;
  } finally {
    await page.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const reportsDir = env.LIGHTHOUSE_REPORTS;
if (reportsDir) {
  mkdirSync(reportsDir, { recursive: true });
}
const browser = await puppeteer.launch({
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
const rows: string[] = [];
/**
 * The measuring's own failures, not the page's (Lighthouse: "Something went wrong with recording the trace... run
 * Lighthouse again"): such a run is taken again, up to `TRACE_ATTEMPTS` times, instead of counting as a score of 0.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const TRACE_ATTEMPTS = 3;

const misses: string[] = [];
try {
  for (const screen of SCREENS) {
    for (const preset of presets) {
      const measures: TMeasure[] = [];
      for (let run = 0; run < runs; run += 1) {
        const report = reportsDir
          ? join(reportsDir, `${screen.name.replace(/\W+/g, '-')}.${preset}.${run + 1}.html`)
          : undefined;
        let measured: TMeasure | null = null;
        for (let attempt = 1; attempt <= TRACE_ATTEMPTS && !measured; attempt += 1) {
          measured = await measure(browser, `${baseUrl}${screen.path}`, preset, screen.isSignedOut === true, report);
          if (!measured) {
            console.log(
              `${screen.name} (${preset}): the trace was not recorded (attempt ${attempt} of ${TRACE_ATTEMPTS})`,
            );
          }
        }
        if (!measured) {
          throw new Error(`${screen.name} (${preset}): Lighthouse recorded no trace in ${TRACE_ATTEMPTS} attempts`);
        }
        measures.push(measured);
      }
      const score = median(measures.map((item) => item.performance));
      const isOk = score >= TARGETS[preset];
      if (!isOk) {
        misses.push(`${screen.name} (${preset})`);
      }
      const ms = (key: keyof TMeasure) => `${(median(measures.map((item) => item[key])) / 1000).toFixed(1)} s`;
      const row = `| ${screen.name} | ${preset} | ${score} (${measures.map((item) => item.performance).join(', ')}) | ≥ ${TARGETS[preset]}: ${isOk ? 'ok' : '**missed**'} | ${ms('fcp')} | ${ms('lcp')} | ${Math.round(median(measures.map((item) => item.tbt)))} ms | ${median(measures.map((item) => item.cls)).toFixed(3)} | ${median(measures.map((item) => item.accessibility))} |`;
      rows.push(row);
      console.log(row);
    }
  }
} finally {
  await browser.close();
}

console.log(`\nLighthouse ${runs} run(s) per screen and preset on ${baseUrl}, median judged:\n`);
console.log('| screen | preset | performance (runs) | target | FCP | LCP | TBT | CLS | accessibility |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(row);
}
if (misses.length > 0) {
  console.log(`\nMissed: ${misses.join(', ')}`);
  process.exit(1);
}
