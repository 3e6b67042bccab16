// `npm run build -w apps/server`: the server compiled to JavaScript for `npm start` (docs/design.md, "Running it").
// esbuild bundles the server's sources and the shared contracts (TypeScript, which Node cannot run) into dist/main.js,
// with a source map; every npm package stays an import resolved from node_modules at run time, as in development.
// The embedded database's initdb runs in a child process (db/pglite.ts), so it is a second entry beside main.js.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const startedAt = performance.now();

/** Our own workspace packages are bundled (their sources are TypeScript); every other package is left to Node. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@zaryad/') ? undefined : { path, external: true },
    );
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'pglite-initdb': 'src/db/pglite-initdb.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Names kept: logs, errors and Fastify's plugin names read them.
  keepNames: true,
  plugins: [npmPackagesExternal],
  metafile: true,
  write: false,
  logLevel: 'warning',
});
// Each file is written beside its place and renamed over it: a server starting from dist/ while another
// test run in the same checkout rebuilds it reads either the old file or the new one, never half of one.
mkdirSync(`${root}dist`, { recursive: true });
for (const { path, contents } of result.outputFiles) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, { bytes: size }) => sum + size, 0);
console.log(
  `server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms ` +
    `(${(bytes / 1024 / 1024).toFixed(1)} MB with source maps)`,
);
