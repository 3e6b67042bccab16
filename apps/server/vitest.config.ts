import { defineConfig } from 'vitest/config';

// API tests on the embedded database: one in-memory PGlite per test file, loaded from a migrated template.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests of PostgreSQL itself (several processes on one database) have no embedded counterpart.
    exclude: ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
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
    // This run is the embedded database's, even where TEST_DATABASE_URL is exported for the PostgreSQL run.
    env: { TEST_DATABASE_URL: '' },
  },
});
