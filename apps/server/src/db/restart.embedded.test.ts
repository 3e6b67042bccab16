import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { buildAccount, signIn } from '../test/builders';
import { seedReferenceData } from '../seed/reference';
import { testConfig } from '../test/test-app';
import { openDatabase } from './client';

const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database's promise: what was written before a restart is there after it.
describe('restart on the embedded database', () => {
  it('keeps accounts and sessions in DATA_DIR across a close and reopen', async () => {
    const pgliteDir = join(dataDir, 'pgdata');
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const first = await openDatabase({ pgliteDir, pgliteTemplate: template });
    const config = testConfig({ dataDir });
    const app = await buildApp({ config, database: first, logger: false });
    const account = await buildAccount(first.db, { email: 'persisted@zaryad.test' });
    const tokens = await signIn(app, account);
    await app.close();
    await first.close();

    const second = await openDatabase({ pgliteDir, seedReferenceData });
    const reopened = await buildApp({ config, database: second, logger: false });
    const me = await reopened.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: tokens.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('persisted@zaryad.test');
    const refreshed = await reopened.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: tokens.refresh } });
    expect(refreshed.statusCode).toBe(200);
    await reopened.close();
    await second.close();
  });
});
