import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../web/build/precompress';
import { appIcons, BRAND_TEAL } from './scripts/icons';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:8080';
const BASE = '/app/';

/**
 * The installable app (docs/product/driver-app.md#installing-and-offline): the web manifest, and a service worker whose
 * scope is /app/ (the dashboard and /api/v1 are outside it). It precaches the app's shell; the page itself always comes
 * from the network while there is one (the precached page only when there is none), so that a new build is what a
 * driver gets at once; a new worker takes over without waiting. The last stations list is kept for offline reading;
 * charging, money and the rest of the API are never cached.
 */
const installable = () =>
  VitePWA({
    base: BASE,
    scope: BASE,
    registerType: 'autoUpdate',
    // registerSW.js, a file of its own: the CSP allows no inline script, and the bundle carries no workbox-window.
    injectRegister: 'script-defer',
    // The icons are in the precache by the glob below.
    includeManifestIcons: false,
    manifest: {
      id: BASE,
      name: 'Заряд · Zaryad',
      short_name: 'Заряд',
      description: 'Заряд: зарядные станции для электромобилей, оплата и история зарядок',
      lang: 'ru',
      dir: 'ltr',
      start_url: BASE,
      scope: BASE,
      display: 'standalone',
      orientation: 'portrait',
      theme_color: BRAND_TEAL,
      background_color: '#ffffff',
      categories: ['travel', 'utilities'],
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // One file: nothing else of the worker's to serve or keep in step.
      inlineWorkboxRuntime: true,
      // The plugin adds the manifest itself.
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      // A new worker takes over the open pages at once, and drops the caches of the builds before it.
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Not the precached page for navigations: the network's (the server revalidates it on each visit), and the
      // precached shell only when the network fails (the route below).
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin && request.mode === 'navigate' && url.pathname.startsWith('/app'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: `${BASE}index.html` } },
        },
        {
          // The stations list, whatever the position or search it was asked with: only the last one is kept, and
          // offline it answers any list.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/app/v1/stations/',
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'stations-list',
            matchOptions: { ignoreSearch: true },
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 1 },
          },
        },
        {
          // A station's page the driver opened, for reading offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/app\/v1\/stations\/\d+\/$/.test(url.pathname),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'stations',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 20, maxAgeSeconds: 7 * 24 * 60 * 60 },
          },
        },
      ],
    },
  });

/**
 * The drivers' web app (issue 40, docs/product/driver-app.md): its own bundle, served by the server under /app/. It
 * calls the drivers' API only (/api/app/v1) and imports the contracts' types, never their schemas (zod stays out).
 */
export default defineConfig({
  base: BASE,
  plugins: [react(), appIcons(), installable(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5174, proxy: { '/api': apiTarget, '/media': apiTarget } },
  build: { outDir: 'dist', manifest: true, sourcemap: process.env.DRIVER_SOURCEMAP === '1' },
});
