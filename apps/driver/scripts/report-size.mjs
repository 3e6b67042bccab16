// Weighs the drivers' app build (issue 40): what a phone downloads first (the entry, its static imports and CSS) and
// what each screen adds on top, gzipped as served; exits 1 when the first load passes 150 KB or a screen 250 KB.
// `npm run size -w apps/driver` builds first; `npm run test:size` weighs the build `npm run build` made.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const BUDGETS = { firstLoad: 150 * KB, screen: 250 * KB };
const dist = process.env.DRIVER_DIST_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build to weigh in ${dist}: run \`npm run build\` first (or \`npm run size -w apps/driver\`).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The gzip file the build wrote beside the asset, else gzip at level 9. */
const gzipSize = (file) => {
  const path = join(dist, file);
  return existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path), { level: 9 }).length;
};

/** A chunk and its static imports, transitively, as manifest keys. */
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

/** The files (JS and CSS) of a set of chunks. */
const filesOf = (keys) => {
  const files = new Set();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) {
      files.add(css);
    }
  }
  return files;
};
const weigh = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const first = filesOf(closure(entryKey));
const firstLoad = weigh(first);
let failed = firstLoad > BUDGETS.firstLoad;
console.log(`first load   ${kb(firstLoad).padStart(9)}  (budget ${kb(BUDGETS.firstLoad)})${failed ? '  OVER' : ''}`);
const screens = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const files = new Set([...first, ...filesOf(closure(key))]);
    return { name: key.replace(/^src\//, ''), total: weigh(files) };
  })
  .sort((a, b) => b.total - a.total);
for (const screen of screens) {
  const over = screen.total > BUDGETS.screen;
  failed ||= over;
  console.log(`${screen.name.padEnd(48)} ${kb(screen.total).padStart(9)}  (budget ${kb(BUDGETS.screen)})${over ? '  OVER' : ''}`);
}
process.exit(failed ? 1 : 0);
