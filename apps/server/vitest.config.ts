import { defineConfig } from 'vitest/config';

// API tests on the embedded database: one in-memory PGlite per test file, loaded from a migrated template.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests of PostgreSQL itself (several processes on one database) have no embedded counterpart.
    exclude: ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // This run is the embedded database's, even where TEST_DATABASE_URL is exported for the PostgreSQL run.
    env: { TEST_DATABASE_URL: '' },
  },
});
