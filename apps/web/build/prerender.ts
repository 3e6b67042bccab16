// Run after `vite build` (npm run build): writes dist/prerender/, the first frame of each signed-in screen in every
// language, and its manifest for the server (apps/server/src/http/web.ts). See src/prerender/prerenderScreens.tsx.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, type Rollup } from 'vite';
import { builtinEnvironments } from 'vitest/runtime';
import { compressBeside } from './precompress';
import { PRERENDER_LANGUAGES, PRERENDER_MANIFEST, prerenderedPage, type TPrerenderManifest } from './prerenderedPage';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(webDir, 'dist');
const outDir = join(distDir, 'prerender');

const startedAt = performance.now();
// React, antd and their styles as the production app renders them (minified styles, no development checks): the
// package script sets it, before anything loads React.
if (process.env.NODE_ENV !== 'production') {
  throw new Error('run with NODE_ENV=production (npm run build does)');
}
// The DOM the web tests run in, as this process's globals, before any of the app's modules is loaded.
const environment = await builtinEnvironments['happy-dom'].setup(globalThis, {
  happyDOM: { url: 'http://localhost/', width: 1280, height: 800 },
});
const vite = await createServer({
  configFile: join(webDir, 'vite.config.ts'),
  root: webDir,
  logLevel: 'error',
  appType: 'custom',
  mode: 'production',
  server: { middlewareMode: true, hmr: false, watch: null },
});

type TModule = typeof import('../src/prerender/prerenderScreens');
const { prerenderScreen, PRERENDERED_SCREENS } = (await vite.ssrLoadModule(
  '/src/prerender/prerenderScreens.tsx',
)) as TModule;

/**
 * A record screen's fill (src/prerender/frameFill.ts), bundled on its own into one script for the page to inline: no
 * React, no antd, only the formatting its texts share with the app's screen.
 */
const bundleFill = async (entry: string): Promise<string> => {
  const result = await build({
    configFile: false,
    root: webDir,
    logLevel: 'error',
    mode: 'production',
    resolve: { alias: { '@': join(webDir, 'src') } },
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      lib: { entry: join(webDir, entry), formats: ['iife'], name: 'zaryadFrameFill' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) {
    throw new Error(`${entry} did not bundle into one script`);
  }
  return chunks[0].code.trim();
};

const index = await readFile(join(distDir, 'index.html'), 'utf8');
// The app's own stylesheets (its components' .css imports): the frame keeps the rules that apply to it.
const assetsDir = join(distDir, 'assets');
const stylesheets = await Promise.all(
  (await readdir(assetsDir))
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFile(join(assetsDir, file), 'utf8')),
);
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

const manifest: TPrerenderManifest = { scriptHashes: [], pages: [] };
try {
  for (const screen of PRERENDERED_SCREENS) {
    const frames = [];
    for (const language of PRERENDER_LANGUAGES) {
      frames.push({ language, ...(await prerenderScreen(screen.sample, language, stylesheets)) });
    }
    const page = prerenderedPage(index, frames, screen.fill ? await bundleFill(screen.fill) : undefined);
    const file = `${screen.name}.html`;
    await writeFile(join(outDir, file), page.html);
    await compressBeside(join(outDir, file), 'zlib');
    manifest.pages.push({ pattern: screen.pattern, file });
    manifest.scriptHashes.push(...page.scriptHashes.filter((hash) => !manifest.scriptHashes.includes(hash)));
  }
} finally {
  await vite.close();
  await environment.teardown(globalThis);
}
await writeFile(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `prerendered ${manifest.pages.length} screens in ${PRERENDER_LANGUAGES.length} languages in ${Math.round(performance.now() - startedAt)} ms`,
);
// happy-dom's timers and the screens' unanswered calls would keep the process alive.
process.exit(0);
