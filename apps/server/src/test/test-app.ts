import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-database';

/** A generous per-client limit and no slowdown: every injected request comes from 127.0.0.1. */
export const TEST_LOGIN_LIMIT: AppConfig['loginLimit'] = {
  windowSeconds: 900,
  maxPerClient: 10_000,
  maxPerAddressClient: 5,
  slowdownAfter: 10_000,
  slowdownMs: 0,
  slowdownMaxMs: 0,
};

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'zaryad-test-data-')),
  databaseUrl: undefined,
  adminEmail: undefined,
  adminPassword: undefined,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  smtpUrl: undefined,
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  geocoderUrl: 'https://nominatim.openstreetmap.org',
  logLevel: 'silent',
  accessTokenTtl: 900,
  webDistDir: join(tmpdir(), 'zaryad-no-web-dist'),
  driverDistDir: join(tmpdir(), 'zaryad-no-driver-dist'),
  publicUrl: 'http://zaryad.test',
  trustProxy: false,
  loginLimit: TEST_LOGIN_LIMIT,
  // Every injected request comes from 127.0.0.1: the per-client limit is the limit tests' own business.
  resetLimit: { windowSeconds: 3600, maxPerAddress: 3, maxPerClient: 10_000 },
  ...overrides,
});

export type AnotherAppOptions = Partial<Omit<BuildAppOptions, 'database' | 'config'>> & { config?: Partial<AppConfig> };

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Another app on the same database, for tests that need other settings (SMTP, limits, token lifetime). */
  buildAnotherApp(options?: AnotherAppOptions): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** One database and one app per test file; tests create their own data with the builders. */
export const createTestContext = async (
  options: { config?: Partial<AppConfig>; loginLimit?: BuildAppOptions['loginLimit'] } = {},
): Promise<TestContext> => {
  const database = await createTestDatabase();
  const config = testConfig(options.config);
  const loginLimit = options.loginLimit ?? TEST_LOGIN_LIMIT;
  const app = await buildApp({ config, database, logger: false, loginLimit });
  const others: FastifyInstance[] = [];
  return {
    app,
    database,
    config,
    async buildAnotherApp(more: AnotherAppOptions = {}) {
      const other = await buildApp({
        logger: false,
        loginLimit,
        ...more,
        config: { ...config, ...more.config },
        database,
      });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) {
        await other.close();
      }
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
};
