// `npm run build -w apps/server`: the server compiled to JavaScript for `npm start` (docs/design.md, "Running it").
// esbuild bundles the server's sources, the shared contracts (TypeScript, which Node cannot run) and the
// pure-JavaScript npm packages into one CommonJS file, dist/server-<hash>.cjs, with a source map: a start reads and
// compiles one file instead of resolving, reading and compiling hundreds in node_modules and the source maps beside
// them. dist/main.js (src/launcher.ts) loads it with V8's code cache (docs/design.md#8-toolchain-facts).
// A package that must be found in node_modules at run time, or that loads only at its first use, stays an import.
// The embedded database's initdb runs in a child process (db/pglite.ts), so it is a third file, dist/pglite-initdb.js.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const startedAt = performance.now();

/**
 * The npm packages Node loads from node_modules, each for a reason; every other one is in the bundle.
 * - @electric-sql/pglite: reads its WebAssembly, data and extension files beside its own modules.
 * - @node-rs/argon2: a native addon (and loaded with the first password).
 * - @fastify/swagger and @fastify/swagger-ui: read and serve files of their own folders (`__dirname`).
 * - pg and pg-native: node-postgres has an optional native binding, and OpenTelemetry's pg instrumentation patches pg
 *   as Node loads it, which a bundled copy would escape; OpenTelemetry's SDK and instrumentations likewise (only with
 *   a collector). Its API is bundled: prom-client requires it at every start, and its copies share one global.
 * - bufferutil and utf-8-validate: ws's optional native helpers, required inside a try.
 */
const RUN_TIME_PACKAGES = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pg',
  'pg-native',
  '@fastify/otel',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/instrumentation',
  '@opentelemetry/instrumentation-pg',
  'bufferutil',
  'utf-8-validate',
];
/**
 * Loaded at their first use, not at the start: kept out of the bundle, which every start reads whole. Their `import()`
 * becomes a `require()` (V8 does not let code from its cache `import()`; launcher.ts), so each must be CommonJS:
 * jose and zip-stream are ES modules only and are bundled instead. ocpp-rpc, @xmldom/xmldom and pg are required
 * through `createRequire` at first use, which esbuild leaves to Node as well. The build fails if one of these is
 * imported statically.
 */
const FIRST_USE_PACKAGES = [
  'grammy',
  'nodemailer',
  'pg-copy-streams',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
];
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const npmPackagesKept = {
  name: 'npm-packages-kept',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path, kind, importer }) => {
      const name = packageName(path);
      if (FIRST_USE_PACKAGES.includes(name)) {
        return kind === 'dynamic-import'
          ? { path, external: true }
          : { errors: [{ text: `${name} loads at its first use: import() it (${importer})` }] };
      }
      return RUN_TIME_PACKAGES.includes(name) ? { path, external: true } : undefined;
    });
  },
};

/** Each file is written beside its place and renamed over it: a server starting from dist/ while another test run in
 * the same checkout rebuilds it reads either the old file or the new one, never half of one. */
const writeOutputs = (outputFiles) => {
  mkdirSync(`${root}dist`, { recursive: true });
  for (const { path, contents } of outputFiles) {
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, path);
  }
};

const common = {
  absWorkingDir: root,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Names kept: logs, errors and Fastify's plugin names read them.
  keepNames: true,
  metafile: true,
  write: false,
  logLevel: 'warning',
};
const server = await build({
  ...common,
  entryPoints: { server: 'src/main.ts' },
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // `import()` compiled to `require()`: see FIRST_USE_PACKAGES.
  supported: { 'dynamic-import': false },
  // No comments or indentation: V8 keeps a script's whole source in memory, and a smaller one compiles faster.
  minifyWhitespace: true,
  // Source maps map stack traces to our TypeScript; Node does not need the sources' text for that.
  sourcemap: true,
  sourcesContent: false,
  // One URL for every module of the bundle, as in an ES module bundle (src/paths.ts resolves from it).
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [npmPackagesKept],
});
const bundle = server.outputFiles.find(({ path }) => path.endsWith('.cjs'));
// V8 holds a source with one character past U+00FF as two bytes a character: 7 MB more of the idle server's memory.
// esbuild writes strings' other characters as escapes, but not a tagged template's (its raw text would change).
const wide = /[\u0100-\uffff]/.exec(bundle.text);
if (wide) {
  const line = bundle.text.slice(bundle.text.lastIndexOf('\n', wide.index) + 1, bundle.text.indexOf('\n', wide.index));
  throw new Error(
    `The server's bundle must be one-byte text: "${wide[0]}" in ${line.slice(0, 200)}; write it in a string outside the sql\`\` template.`,
  );
}
writeOutputs(server.outputFiles);
// The launcher and the initdb child, with every npm package left to Node as in development.
const others = await build({
  ...common,
  entryPoints: { main: 'src/launcher.ts', 'pglite-initdb': 'src/db/pglite-initdb.ts' },
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  define: { SERVER_BUNDLE: JSON.stringify(basename(bundle.path)) },
});
writeOutputs(others.outputFiles);
// Earlier builds' bundles and their code caches go once a day old: a server still running one may yet need its file.
for (const name of readdirSync(`${root}dist`)) {
  const path = `${root}dist/${name}`;
  if (name.startsWith('server-') && !name.startsWith(basename(bundle.path))) {
    if (Date.now() - statSync(path).mtimeMs > 86_400_000) {
      rmSync(path, { force: true });
    }
  }
}
const bytes = [server, others]
  .flatMap(({ metafile }) => Object.values(metafile.outputs))
  .reduce((sum, { bytes: size }) => sum + size, 0);
console.log(
  `server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms ` +
    `(${(bytes / 1024 / 1024).toFixed(1)} MB with source maps)`,
);
