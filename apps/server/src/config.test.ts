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

  it('keeps uploads in DATA_DIR without S3_*, and reads a complete S3_* set or stops with what is missing', () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig(base).s3).toBeUndefined();
    const s3 = { S3_URL: 'http://127.0.0.1:9000/', S3_BUCKET: 'zaryad-uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...base, ...s3 }).s3).toEqual({
      url: 'http://127.0.0.1:9000',
      bucket: 'zaryad-uploads',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
      presign: false,
    });
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false', S3_PRESIGN: 'TRUE' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
      presign: true,
    });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'zaryad-uploads' })).toThrow(/S3_URL: required/);
    expect(() => loadConfig({ ...base, S3_URL: 'http://s3.test' })).toThrow(/S3_BUCKET: required with S3_URL/);
    expect(() => loadConfig({ ...base, ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/);
    expect(() => loadConfig({ ...base, ...s3, S3_URL: 's3.test' })).toThrow(/S3_URL: must be the service's http/);
    expect(() => loadConfig({ ...base, ...s3, S3_BUCKET: 'Uploads_1' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...base, ...s3, S3_PRESIGN: 'maybe' })).toThrow(/S3_PRESIGN: must be true or false/);
  });
});
