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

  it('reads TRUST_PROXY and the sign-in and recovery limits', () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig(base)).toMatchObject({
      trustProxy: false,
      loginLimit: { windowSeconds: 900, maxPerClient: 30, maxPerAddressClient: 5, slowdownAfter: 3 },
      resetLimit: { windowSeconds: 3600, maxPerAddress: 3, maxPerClient: 10 },
    });
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    const tuned = loadConfig({ ...base, LOGIN_LIMIT_PER_CLIENT: '100', RESET_LIMIT_PER_ADDRESS: '5' });
    expect(tuned.loginLimit.maxPerClient).toBe(100);
    expect(tuned.resetLimit.maxPerAddress).toBe(5);
    expect(() => loadConfig({ ...base, LOGIN_SLOWDOWN_MS: 'slow' })).toThrow(/LOGIN_SLOWDOWN_MS/);
  });
});
