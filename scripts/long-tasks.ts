// npm run long-tasks -w scripts: what JavaScript runs in the main thread's long tasks while a signed-in screen loads, from
// Chromium's own trace. Lighthouse's TBT is wall time, which a busy machine stretches; the trace also records each
// task's thread time (the CPU the renderer's main thread got), which load inflates far less: this prints that, and
// which modules (through the build's source maps, when it has them) and which app components spent it.
//
// Signs in through the login form as each account (as npm run lighthouse does), then loads each screen afresh (HTTP
// cache off) with the CPU slowed as Lighthouse's mobile preset does (4×) at a phone's viewport, or unthrottled at a
// desktop's, and records the trace until the page has been quiet for a second.
//
//   LONG_TASKS_URL       the server (default http://127.0.0.1:$PORT, PORT 8080), filled (npm run seed:demo)
//   LONG_TASKS_ACCOUNTS  comma list of email:password (default the demo's manager and operator)
//   LONG_TASKS_PATHS     comma list of paths (default /,/merchants); `merchant` stands for the merchant with the most
//                        stations' detail
//   LONG_TASKS_PRESET    mobile (default) or desktop;  LONG_TASKS_RUNS  loads per account and path (default 3)
//   LONG_TASKS_DIST      the served build's folder, for its source maps (`vite build --sourcemap`); optional
//   LONG_TASKS_TOP       rows of each table (default 15);  LONG_TASKS_TRACE  a folder to keep each trace in
//   LONG_TASKS_EACH      set: also list each long task of the last run, with when it ran and its top packages
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { parseAccounts } from './demo-accounts';

const env = process.env;
const baseUrl = (env.LONG_TASKS_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/+$/, '');
const SESSION_KEY = 'zaryad.session';
const accounts = parseAccounts(env.LONG_TASKS_ACCOUNTS ?? 'manager@zaryad.local,operator@zaryad.local');
const paths = (env.LONG_TASKS_PATHS ?? '/,/merchants').split(',').map((item) => item.trim());
const isMobile = (env.LONG_TASKS_PRESET ?? 'mobile') !== 'desktop';
const runs = Math.max(1, Number(env.LONG_TASKS_RUNS ?? 3));
const top = Math.max(1, Number(env.LONG_TASKS_TOP ?? 15));
const dist = env.LONG_TASKS_DIST;
const traceDir = env.LONG_TASKS_TRACE;
if (traceDir) {
  mkdirSync(traceDir, { recursive: true });
}

type TTraceEvent = {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: Record<string, unknown> & {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: TNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};
type TNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments by generated line: [generated column, source index], in column order. */
type TLines = [number, number][][];

/** Decodes a source map's `mappings` (base64 VLQ) far enough to say which source each position came from. */
const decodeMappings = (mappings: string): TLines => {
  const lines: TLines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) {
        continue;
      }
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) {
        // Fields 2–4 (source line, column, name) are relative too, but only the source index is needed here.
        source += fields[1] ?? 0;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
};

const maps = new Map<string, { sources: string[]; lines: TLines } | null>();
/** The source file a bundled position came from, through the build's source map when there is one. */
const sourceOf = (url: string, line: number, column: number): string => {
  if (!url) {
    return '(native)';
  }
  const file = url.replace(/^https?:\/\/[^/]+\//, '').replace(/[?#].*$/, '');
  if (!dist) {
    return file;
  }
  if (!maps.has(file)) {
    const path = join(dist, `${file}.map`);
    const map = existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; mappings: string })
      : null;
    maps.set(file, map ? { sources: map.sources, lines: decodeMappings(map.mappings) } : null);
  }
  const map = maps.get(file);
  const segments = map?.lines[line] ?? [];
  // The last segment starting at or before the column.
  let low = 0;
  let high = segments.length - 1;
  let found: [number, number] | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (segments[middle]![0] <= column) {
      found = segments[middle];
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const source = found ? map?.sources[found[1]] : undefined;
  if (!source) {
    return file;
  }
  // …/node_modules/antd/es/table/Table.js → antd/es/table/Table.js; …/src/app/App.tsx → src/app/App.tsx
  const inModules = /node_modules\/(.+)$/.exec(source);
  if (inModules) {
    return inModules[1]!;
  }
  const inApp = /(?:^|\/)((?:apps\/web\/)?src\/.+|packages\/.+)$/.exec(source);
  return inApp ? inApp[1]!.replace(/^apps\/web\//, '') : source;
};

/** A module's package (antd, @ant-design/cssinjs, react-dom…) or, for the app's own code, its folder. */
const packageOf = (source: string) => {
  if (source.startsWith('src/')) {
    return source.split('/').slice(0, 3).join('/');
  }
  if (source.startsWith('(')) {
    return source;
  }
  const parts = source.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
};

type TRun = {
  longTasks: number;
  /** Main-thread CPU (thread time) of the long tasks, ms. */
  longCpu: number;
  /** Σ (duration − 50 ms) of the long tasks, wall time: what Lighthouse's TBT sums (unsimulated). */
  blocking: number;
  /** Main-thread CPU of every task from the navigation on, ms. */
  allCpu: number;
  /** Profile samples inside long tasks: self time by module, by package, and by the app component on the stack. */
  byModule: Map<string, number>;
  byPackage: Map<string, number>;
  byAppFrame: Map<string, number>;
  byEvent: Map<string, number>;
  /** Each long task: its start from the navigation, its wall time, and its samples' self time by package. */
  each: { start: number; duration: number; byPackage: Map<string, number> }[];
  load: number;
};

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

const analyse = (events: TTraceEvent[]): TRun => {
  // The page's renderer main thread: the CrRendererMain with the most task time.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask');
  const busiest = mains
    .map((main) => ({
      main,
      time: tasks.filter((t) => t.pid === main.pid && t.tid === main.tid).reduce((sum, t) => sum + (t.dur ?? 0), 0),
    }))
    .sort((a, b) => b.time - a.time)[0]?.main;
  if (!busiest) {
    throw new Error('no renderer main thread in the trace');
  }
  const onMain = (e: TTraceEvent) => e.pid === busiest.pid && e.tid === busiest.tid;
  const navigation = events.find((e) => onMain(e) && e.name === 'navigationStart')?.ts ?? 0;
  const mainTasks = tasks.filter((t) => onMain(t) && t.ts >= navigation);
  const long = mainTasks.filter((t) => (t.dur ?? 0) > 50_000);
  const longAt = (ts: number) => long.findIndex((t) => ts >= t.ts && ts < t.ts + (t.dur ?? 0));
  const inLong = (ts: number) => longAt(ts) !== -1;
  const each = long.map((t) => ({
    start: (t.ts - navigation) / 1000,
    duration: (t.dur ?? 0) / 1000,
    byPackage: new Map<string, number>(),
  }));

  const byEvent = new Map<string, number>();
  const NAMED = new Set([
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'V8.GC_SCAVENGER',
    'MajorGC',
    'MinorGC',
    'UpdateLayoutTree',
    'Layout',
    'ParseAuthorStyleSheet',
    'Paint',
    'ParseHTML',
    'FunctionCall',
  ]);
  for (const e of events) {
    if (onMain(e) && e.ph === 'X' && NAMED.has(e.name) && inLong(e.ts)) {
      add(byEvent, e.name, (e.tdur ?? e.dur ?? 0) / 1000);
    }
  }

  // The sampling profile: nodes and samples arrive in chunks of the Profile's id.
  const byModule = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byAppFrame = new Map<string, number>();
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === busiest.pid);
  for (const profile of profiles) {
    const nodes = new Map<number, TNode>();
    let time = profile.args?.data?.startTime ?? 0;
    const samples: { node: number; ts: number; delta: number }[] = [];
    for (const chunk of events.filter(
      (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === profile.pid,
    )) {
      for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) {
        nodes.set(node.id, node);
      }
      const ids = chunk.args?.data?.cpuProfile?.samples ?? [];
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      ids.forEach((id, index) => {
        const delta = deltas[index] ?? 0;
        time += delta;
        samples.push({ node: id, ts: time, delta });
      });
    }
    // A sample's weight: the time to the next sample.
    samples.forEach((sample, index) => {
      const next = samples[index + 1];
      const weight = next ? Math.min(next.ts - sample.ts, 10_000) / 1000 : 0;
      if (!inLong(sample.ts)) {
        return;
      }
      const leaf = nodes.get(sample.node);
      if (!leaf || leaf.callFrame.functionName === '(idle)') {
        return;
      }
      const frame = leaf.callFrame;
      const source = frame.url
        ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber)
        : `(${frame.functionName.replace(/[()]/g, '') || 'native'})`;
      add(byModule, frame.url ? `${source} ${frame.functionName || '(anonymous)'}` : source, weight);
      add(byPackage, packageOf(source), weight);
      add(each[longAt(sample.ts)]!.byPackage, packageOf(source), weight);
      // The nearest of the app's own functions on the stack: which component or hook the work is for.
      let node: TNode | undefined = leaf;
      let owner = '(no app frame)';
      while (node) {
        const { url, lineNumber, columnNumber, functionName } = node.callFrame;
        const nodeSource = url ? sourceOf(url, lineNumber, columnNumber) : '';
        if (nodeSource.startsWith('src/') && functionName) {
          owner = `${nodeSource} ${functionName}`;
          break;
        }
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
      add(byAppFrame, owner, weight);
    });
  }

  return {
    longTasks: long.length,
    longCpu: long.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000,
    blocking: long.reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) - 50_000), 0) / 1000,
    allCpu: mainTasks.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000,
    byModule,
    byPackage,
    byAppFrame,
    byEvent,
    each,
    load: loadavg()[0] ?? Number.NaN,
  };
};

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('language', 'ru'));
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', email);
  await page.type('input[autocomplete="current-password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, { timeout: 30_000 }, SESSION_KEY);
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60_000, concurrency: 2 });
};

/** The detail of the merchant with the most stations, as npm run lighthouse picks it. */
const busiestMerchant = async (page: Page) => {
  const access = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access?: string }).access,
    SESSION_KEY,
  );
  const response = await fetch(`${baseUrl}/api/v1/merchants/?size=100`, {
    headers: { authorization: `Bearer ${access}` },
  });
  const { items } = (await response.json()) as { items: { id: number; stations_count: number }[] };
  const merchant = [...items].sort((a, b) => b.stations_count - a.stations_count)[0];
  return `/merchant/${merchant?.id ?? 1}`;
};

const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

const measure = async (page: Page, url: string, file?: string): Promise<TRun> => {
  await page.goto('about:blank');
  await page.tracing.start({ categories: CATEGORIES, ...(file ? { path: file } : {}) });
  await page.goto(url, { waitUntil: 'load' });
  // Settled: the event streams stay open, so "idle" is two connections or fewer for a second.
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60_000, concurrency: 2 }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const buffer = await page.tracing.stop();
  const { traceEvents } = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString('utf8')) as {
    traceEvents: TTraceEvent[];
  };
  return analyse(traceEvents);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const printTop = (title: string, maps: Map<string, number>[]) => {
  const total = new Map<string, number>();
  for (const map of maps) {
    for (const [key, value] of map) {
      add(total, key, value / maps.length);
    }
  }
  console.log(`  ${title} (mean of runs):`);
  for (const [key, value] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${ms(value).padStart(7)}  ${key}`);
  }
};

const browser = await puppeteer.launch({
  executablePath: env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  for (const account of accounts) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(
      isMobile
        ? { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
        : { width: 1350, height: 940, deviceScaleFactor: 1 },
    );
    await signIn(page, account.email, account.password);
    await page.setCacheEnabled(false);
    await page.emulateCPUThrottling(isMobile ? 4 : 1);
    for (const path of paths) {
      const resolved = path === 'merchant' ? await busiestMerchant(page) : path;
      const measured: TRun[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const name = `${account.email.replace(/@.*/, '')}${resolved.replace(/\W+/g, '-')}-${isMobile ? 'mobile' : 'desktop'}-${run}`;
        measured.push(
          await measure(page, `${baseUrl}${resolved}`, traceDir ? join(traceDir, `${name}.json`) : undefined),
        );
      }
      const of = (pick: (run: TRun) => number) => median(measured.map(pick));
      const loads = measured.map((run) => run.load);
      console.log(
        `\n${account.email} ${resolved} (${isMobile ? 'mobile, CPU 4×' : 'desktop'}), median of ${runs}: ` +
          `long tasks ${of((r) => r.longTasks)}, their CPU ${ms(of((r) => r.longCpu))} ` +
          `(${measured.map((r) => Math.round(r.longCpu)).join(', ')}), blocking ${ms(of((r) => r.blocking))}, ` +
          `main-thread CPU ${ms(of((r) => r.allCpu))}; load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
      );
      printTop(
        'trace events inside long tasks',
        measured.map((r) => r.byEvent),
      );
      printTop(
        'self time inside long tasks by package',
        measured.map((r) => r.byPackage),
      );
      printTop(
        'by the app function on the stack',
        measured.map((r) => r.byAppFrame),
      );
      printTop(
        'by module and function',
        measured.map((r) => r.byModule),
      );
      if (env.LONG_TASKS_EACH) {
        console.log('  each long task of the last run (start from the navigation, wall time, its top packages):');
        for (const task of measured.at(-1)?.each ?? []) {
          const packages = [...task.byPackage]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([name, value]) => `${name} ${Math.round(value)}`)
            .join(', ');
          console.log(`    ${ms(task.start).padStart(8)} ${ms(task.duration).padStart(7)}  ${packages}`);
        }
      }
      if (env.LONG_TASKS_JSON) {
        writeFileSync(
          env.LONG_TASKS_JSON,
          `${JSON.stringify(measured.map(({ longTasks, longCpu, blocking, allCpu, load }) => ({ account: account.email, path: resolved, longTasks, longCpu, blocking, allCpu, load })))}\n`,
          { flag: 'a' },
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
