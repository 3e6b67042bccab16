import { defineConfig } from 'vitest/config';

// The same API tests on PostgreSQL (TEST_DATABASE_URL): each test file gets a clone of a migrated template database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests of the embedded database itself (restart from DATA_DIR) have no PostgreSQL counterpart.
    exclude: ['**/node_modules/**', 'src/**/*.embedded.test.ts'],
    globalSetup: ['src/test/global-setup-pg.ts'],
    pool: 'forks',
    // Each worker keeps the server's modules loaded from one file to the next (every file still opens its own
    // database): importing the app once per worker instead of once per file halves the run's CPU time.
    isolate: false,
    // Brute-force tests book hundreds of charges through the one finish path: on a loaded machine that takes > 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll resolves as soon as what it waits for holds; its own 1 s limit is less than a chain of OCPP calls takes
    // on a loaded machine (a firmware update's download, four notifications and a boot).
    expect: { poll: { timeout: 10_000 } },
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
