import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/build/precompress';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:8080';

/**
 * The drivers' web app (issue 40, docs/product/driver-app.md): its own bundle, served by the server under /app/. It
 * calls the drivers' API only (/api/app/v1) and imports the contracts' types, never their schemas (zod stays out).
 */
export default defineConfig({
  base: '/app/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5174, proxy: { '/api': apiTarget, '/media': apiTarget } },
  build: { outDir: 'dist', manifest: true, sourcemap: process.env.DRIVER_SOURCEMAP === '1' },
});
