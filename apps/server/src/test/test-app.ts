import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-database';

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
  publicUrl: 'http://zaryad.test',
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
  // A generous per-address limit: every injected request comes from 127.0.0.1.
  const loginLimit = options.loginLimit ?? { windowSeconds: 900, maxPerEmail: 5, maxPerIp: 10_000 };
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
