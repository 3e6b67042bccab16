// Reports what each screen of the production build downloads, gzipped (issue 3, item 8), and keeps the budgets of
// issue 10, item 7: exits 1 when a screen is over. Reads an existing build: `npm run size -w apps/web` builds first,
// `npm run test:size` (part of `npm test`) weighs the build `test:e2e` has just made.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** Issue 10, item 7: JS and CSS together, gzip as served. Ant Design stays the UI kit. */
const BUDGETS = { loginTotal: 150 * KB, signedInTotal: 450 * KB };
const LAYOUTS = { signedOut: 'src/features/auth/AuthLayout.tsx', signedIn: 'src/app/layout/AppLayout.tsx' };
const LOGIN = 'src/features/auth/LoginPage.tsx';
/**
 * The texts of one language are a chunk of their own that main.tsx awaits before the first render: part of
 * every screen's download. Counted for ru, the default (en and ky users also fetch ru, the fallback).
 */
const DEFAULT_TEXTS = 'src/locales/bundles/ru.ts';
const LOCALES = 'src/locales/';

// WEB_DIST_DIR: weigh another build (the e2e runs use it too), e.g. one made with `vite build --outDir`.
const dist = process.env.WEB_DIST_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build to weigh in ${dist}: run \`npm run build\` first (or \`npm run size -w apps/web\`).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
// SIZE_ENCODING=br weighs the brotli files the server sends to browsers that accept it (the targets are gzip).
const ENCODING = process.env.SIZE_ENCODING === 'br' ? 'br' : 'gz';

/** The compressed file the server sends (the build writes one beside each asset over 1 KB), else gzip at level 9. */
const gzipSize = (file) => {
  if (!gzipCache.has(file)) {
    const path = join(dist, file);
    const size = existsSync(`${path}.${ENCODING}`)
      ? readFileSync(`${path}.${ENCODING}`).length
      : gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return gzipCache.get(file);
};

/** Manifest keys a chunk pulls in before it runs: itself and its static imports, transitively. */
const closure = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) {
    return seen;
  }
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) {
    closure(imported, seen);
  }
  return seen;
};

/** Gzipped JS and CSS of a set of manifest keys. */
const weigh = (keys) => {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) {
      css.add(file);
    }
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css), chunks: js.size };
};

const union = (...sets) => new Set(sets.flatMap((set) => [...set]));
const minus = (set, other) => new Set([...set].filter((key) => !other.has(key)));
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  throw new Error('No entry in dist/.vite/manifest.json: run `vite build` with build.manifest enabled.');
}
if (!manifest[DEFAULT_TEXTS]) {
  throw new Error(`${DEFAULT_TEXTS} is not in the manifest: update DEFAULT_TEXTS to where the texts load from.`);
}
const entry = union(closure(entryKey), closure(DEFAULT_TEXTS));
const layoutOf = (key) => (key.startsWith('src/features/auth/') ? LAYOUTS.signedOut : LAYOUTS.signedIn);

const rows = [];
let failed = false;

const login = weigh(union(entry, closure(LAYOUTS.signedOut), closure(LOGIN)));
const loginOk = login.js + login.css <= BUDGETS.loginTotal;
failed ||= !loginOk;
console.log(
  `Login screen (entry + sign-in layout + login page): JS ${kb(login.js)}, CSS ${kb(login.css)}, ${login.chunks} chunks`,
);
console.log(`  budget: JS + CSS <= ${kb(BUDGETS.loginTotal)} ... ${loginOk ? 'ok' : 'EXCEEDED'}\n`);

const entryWeight = weigh(entry);
console.log(`Entry with its static imports and the ru texts: JS ${kb(entryWeight.js)}, CSS ${kb(entryWeight.css)}\n`);

// The signed-in route tables are a chunk of their own (app/router.ts), loaded before any signed-in screen: they count
// in every signed-in screen, not in the login.
const SIGNED_IN_ROUTES = 'src/app/routes/signedIn.tsx';
const signedInBase = manifest[SIGNED_IN_ROUTES] ? union(entry, closure(SIGNED_IN_ROUTES)) : entry;
const areaBase = (key) => (layoutOf(key) === LAYOUTS.signedIn ? signedInBase : entry);

// Screens are the chunks the routes load; other lazy chunks are parts a screen loads on demand (an editor when it
// opens, the map when shown), counted on top of that screen.
const routeScreens = new Set([...signedInBase].flatMap((key) => manifest[key].dynamicImports ?? []));
const lazyChunks = Object.keys(manifest).filter(
  (key) =>
    manifest[key].isDynamicEntry && key.startsWith('src/') && !key.startsWith(LOCALES) && key !== SIGNED_IN_ROUTES,
);
const importerOf = (key) =>
  lazyChunks.find(
    (other) => other !== key && [...closure(other)].some((k) => manifest[k].dynamicImports?.includes(key)),
  );

const screenClosure = (key) => {
  const layout = layoutOf(key);
  return union(areaBase(key), key === layout ? new Set() : closure(layout), closure(key));
};
for (const key of lazyChunks.sort()) {
  const isScreen = routeScreens.has(key);
  const importer = isScreen ? null : importerOf(key);
  const base = isScreen
    ? union(areaBase(key), key === layoutOf(key) ? new Set() : closure(layoutOf(key)))
    : screenClosure(importer ?? key);
  const own = weigh(minus(closure(key), base));
  const total = weigh(union(base, closure(key)));
  const isSignedIn = layoutOf(importer ?? key) === LAYOUTS.signedIn;
  const ok = !isSignedIn || total.js + total.css <= BUDGETS.signedInTotal;
  if (isScreen) {
    failed ||= !ok;
  }
  rows.push({
    chunk: key.replace(/^src\//, ''),
    loaded: isScreen ? 'screen' : `on demand by ${importer ? importer.replace(/^src\/.*\//, '') : '?'}`,
    own: kb(own.js + own.css),
    total: kb(total.js + total.css),
    check: isSignedIn && isScreen ? (ok ? 'ok' : 'EXCEEDED') : '',
  });
}
console.log(`Each lazy chunk: its own JS+CSS (not already loaded), and in all with what it sits on: the entry and`);
console.log(`layout for a screen, the whole screen for a part loaded on demand.`);
console.log(
  `Budget for signed-in screens: <= ${kb(BUDGETS.signedInTotal)} in all (parts loaded on demand are shown, not judged).`,
);
console.table(rows);

const over = rows.filter((row) => row.check === 'EXCEEDED').map((row) => `${row.chunk} (${row.total})`);
if (!loginOk) {
  over.unshift(`login screen (${kb(login.js + login.css)})`);
}
if (over.length > 0) {
  console.error(`\nOver budget: ${over.join(', ')}.`);
}
process.exitCode = failed ? 1 : 0;
