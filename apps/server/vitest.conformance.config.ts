import { defineConfig } from 'vitest/config';

// The OCPP 1.6J conformance suite (docs/ocpp-conformance.md): an independent charge-point library (ocpp-ts) against
// the real server on a fresh embedded database per file, over a real websocket.
export default defineConfig({
  test: {
    include: ['src/conformance/**/*.conformance.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll resolves as soon as what it waits for holds; its own 1 s limit is less than a chain of OCPP calls takes
    // on a loaded machine (a firmware update's download, four notifications and a boot).
    expect: { poll: { timeout: 10_000 } },
    env: { TEST_DATABASE_URL: '' },
  },
});
