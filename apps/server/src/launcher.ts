// dist/main.js, what `npm start` runs: it loads the server's bundle (`dist/server-<hash>.cjs`, build.mjs) with V8's
// code cache. Node 20 keeps none of its own (Node 22's `module.enableCompileCache`), so every start compiled the
// bundle's code afresh; here the first start hands V8 the bundle's source alone and, once the server listens, keeps the
// compiled code of everything the start ran beside the bundle; later starts give it back to V8
// (docs/design.md#8-toolchain-facts). V8 checks the cache against its own version and flags, and the file is named
// after the bundle's content hash, so a cache is never used with another build.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The bundle's file name, given by build.mjs. */
declare const SERVER_BUNDLE: string;

const filename = fileURLToPath(new URL(SERVER_BUNDLE, import.meta.url));
const cacheName = `${basename(filename)}.cache`;
// Beside the bundle (build.mjs removes it with the bundle); where that folder is not writable (the container image's),
// in DATA_DIR, a folder of its own that holds only the running build's cache.
const dataCacheDir = process.env.DATA_DIR ? join(process.env.DATA_DIR, 'code-cache') : undefined;
const cacheFiles = [join(dirname(filename), cacheName), ...(dataCacheDir ? [join(dataCacheDir, cacheName)] : [])];

const readCache = () => {
  for (const file of cacheFiles) {
    try {
      return readFileSync(file);
    } catch {
      // Not made yet, or not here.
    }
  }
  return undefined;
};

const writeCache = (script: Script) => {
  const data = script.createCachedData();
  for (const file of cacheFiles) {
    const partial = `${file}.${process.pid}.partial`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(partial, data);
      // Renamed over: a server starting meanwhile reads the whole of one cache or none.
      renameSync(partial, file);
      if (dataCacheDir && file.startsWith(dataCacheDir)) {
        // Earlier builds' caches (an image upgraded in place).
        for (const name of readdirSync(dataCacheDir).filter((other) => other !== cacheName)) {
          rmSync(join(dataCacheDir, name), { force: true });
        }
      }
      return;
    } catch {
      // Not writable: the next place, or no cache (the start is only slower).
    }
  }
};

// V8 takes a code cache only under the flags it was made with: the bundle sets this one as it loads (PGlite's
// WebAssembly compiled by Liftoff alone, src/db/pglite.ts), so it is set first here, before the bundle compiles.
setFlagsFromString('--liftoff-only');
const cachedData = readCache();
// Node's own CommonJS wrapper, on the first line, so that the bundle's lines keep their numbers for its source map.
// No `importModuleDynamically`: on Node 20 code from the cache loses it, so the bundle has no `import()` (build.mjs).
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) { ${readFileSync(filename, 'utf8')}\n})`,
  { filename, cachedData },
);
if (process.sourceMapsEnabled) {
  // `--enable-source-maps` maps the stack traces of what Node's loader compiled; this code V8 compiled directly, so its
  // source map is given to Node through an empty module of the bundle's name pointing at it.
  // `_compile` is Module's own method (not in its types), which Node's loader calls with each file's source.
  (new Module(filename) as Module & { _compile(source: string, file: string): void })._compile(
    `//# sourceMappingURL=${basename(filename)}.map`,
    filename,
  );
}
const serverModule = new Module(filename);
serverModule.filename = filename;
(script.runInThisContext() as (...args: unknown[]) => void)(
  serverModule.exports,
  createRequire(filename),
  serverModule,
  filename,
  dirname(filename),
);
if (!cachedData || script.cachedDataRejected) {
  // Once listening: the code cache then holds what the start compiled, not only the bundle's outer function.
  void (serverModule.exports as { started: Promise<unknown> }).started.then(() =>
    setImmediate(() => writeCache(script)),
  );
}
