import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tags } from '../modules/tags';
import { PGLITE_SUBDIR } from './backup';
import { openDatabase } from './client';
import { freePort } from '../test/free-port';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'zaryad-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));


const admin = { email: 'kill@zaryad.test', password: 'Kill-test-2026' };

// The embedded database's promise to a client: what was answered 2xx is on disk, even when the process dies at once.
// PGlite (opened without relaxedDurability) writes each commit's WAL through Node's file system before the query
// returns, so the OS holds it when the answer leaves; a kill -9 loses only requests that were never answered.
// (PGlite runs with fsync off, and its Node file system has no fsync: a power cut may lose the last commits.)
describe('kill -9 during a burst of writes on the embedded database', () => {
  it('loses nothing that was answered 2xx', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      server.once('exit', (_code, signal) => resolve(signal)),
    );
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const healthy = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) {
          break;
        }
        if (Date.now() > deadline) {
          throw new Error('the server did not start');
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const login = await fetch(`${base}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...admin, remember: false }),
      });
      const { access } = (await login.json()) as { access: string };

      const answered: number[] = [];
      let sent = 0;
      let isKilled = false;
      const writer = async (worker: number) => {
        while (!isKilled) {
          sent += 1;
          const title = `Kill ${worker}-${sent}`;
          try {
            const response = await fetch(`${base}/api/v1/common/tags/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
              body: JSON.stringify({ title_ru: title, title_en: title, title_ky: title }),
            });
            if (response.status === 201) {
              answered.push(((await response.json()) as { id: number }).id);
            }
          } catch {
            // The connection died with the server: this write was never answered.
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      // Kill while requests are in flight, after enough of them were answered.
      while (answered.length < 150) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.kill('SIGKILL');
      isKilled = true;
      expect(await exited).toBe('SIGKILL');
      await Promise.all(writers);
      expect(sent).toBeGreaterThan(answered.length);

      const database = await openDatabase({ pgliteDir: join(dataDir, PGLITE_SUBDIR), migrate: false });
      try {
        const found = await database.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, answered));
        expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual([...answered].sort((a, b) => a - b));
      } finally {
        await database.close();
      }
    } finally {
      server.kill('SIGKILL');
    }
  }, 180_000);
});
