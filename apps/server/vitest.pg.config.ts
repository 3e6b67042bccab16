import { defineConfig } from 'vitest/config';

// The same API tests on PostgreSQL (TEST_DATABASE_URL): each test file gets a clone of a migrated template database.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests of the embedded database itself (restart from DATA_DIR) have no PostgreSQL counterpart.
    exclude: ['**/node_modules/**', 'src/**/*.embedded.test.ts'],
    globalSetup: ['src/test/global-setup-pg.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
