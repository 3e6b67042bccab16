import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { signedInPreload } from './build/signedInPreload';
import { chunkGroups } from './build/chunkGroups';
import { withoutUnusedAntd } from './build/withoutUnusedAntd';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:8080';
const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** What every signed-in screen first needs: the route tree and the layout (their chunks and the kit). */
const signedInFrame = [source('app/routes/signedIn.tsx'), source('app/layout/AppLayout.tsx')];
const chunks = chunkGroups({
  entry: source('main.tsx'),
  signedInRoutes: source('app/routes/signedIn.tsx'),
  frameEntries: signedInFrame,
  kit: /[\\/](node_modules|src[\\/]components)[\\/]/,
  // 33, not 32, since the card payments screen (issue 39): with one more list chunk, antd's pagination, radio and
  // modal parts reached 32 chunks and moved into the kit, +8 KB on every screen (the station form to 456 KB). The
  // login screen's modules stay far below either (build/chunkGroups.ts).
  kitShareCount: 33,
});

export default defineConfig({
  plugins: [
    react(),
    // Parts antd's components import even when unused (build/withoutUnusedAntd.ts); eslint refuses their props.
    withoutUnusedAntd([
      {
        name: 'table column filter dropdown',
        importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
        source: './FilterDropdown',
        stub: fileURLToPath(new URL('./src/lib/antd/NoColumnFilters.tsx', import.meta.url)),
      },
      {
        name: 'card tabs',
        importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
        source: '../tabs',
        stub: fileURLToPath(new URL('./src/lib/antd/NoCardTabs.tsx', import.meta.url)),
      },
    ]),
    chunks.plugin,
    // A signed-in visit asks for those chunks as index.html is parsed.
    signedInPreload(signedInFrame),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The contract's messages without the rest of the barrel, whose schemas pull all of zod (~90 KB gzip)
      // into whatever imports it: the login screen needs the texts, not the schemas.
      '@zaryad/contracts/messages': fileURLToPath(new URL('../../packages/contracts/src/messages.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The manifest lets scripts/report-size.mjs follow each route's static imports.
  build: {
    outDir: 'dist',
    // WEB_SOURCEMAP=1 for looking into what a chunk holds (which modules weigh what); never shipped.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunks.groups,
        },
      },
    },
  },
});
