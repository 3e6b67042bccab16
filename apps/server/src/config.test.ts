import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has defaults rooted in the repository and keeps a generated JWT secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', accessTokenTtl: 900, logLevel: 'info', publicUrl: 'http://localhost:8080' });
    expect(config.webDistDir).toBe(join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(loadConfig({}).dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('resolves a relative DATA_DIR against the directory npm was started from', () => {
    expect(loadConfig({ DATA_DIR: 'rel-data', INIT_CWD: dataDir, JWT_SECRET: 'x'.repeat(32) }).dataDir).toBe(join(dataDir, 'rel-data'));
  });

  it('stops with one clear line per bad value', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: .*\n.*DATABASE_URL: must start with postgres/);
    expect(load).toThrow(/JWT_SECRET: must have at least 32 characters/);
    expect(load).toThrow(/LOG_LEVEL/);
  });
});
