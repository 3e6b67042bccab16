import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The contract's messages without the rest of the barrel, whose schemas pull all of zod (~90 KB gzip)
      // into whatever imports it: the login screen needs the texts, not the schemas.
      '@zaryad/contracts/messages': fileURLToPath(new URL('../../packages/contracts/src/messages.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 15_000,
  },
});
