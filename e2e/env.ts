import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The server the end-to-end tests start: its own port, its own fresh data directory, a known secret. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = join(tmpdir(), `zaryad-e2e-${E2E_PORT}`);
/**
 * Where TEST_DATABASE_URL names a PostgreSQL server (CI, and the API tests' PostgreSQL pass), the end-to-end server
 * runs on a database of its own there, made afresh for each run, as production does; on the embedded database
 * otherwise. E2E_DATABASE=embedded keeps the embedded one even then.
 */
export const E2E_DATABASE_URL = ((base) => {
  if (!base || process.env.E2E_DATABASE === 'embedded') {
    return '';
  }
  const url = new URL(base);
  url.pathname = `/zaryad_e2e_${E2E_PORT}`;
  return url.toString();
})(process.env.TEST_DATABASE_URL);
/** Known so that a test can mint an already expired access token. */
export const E2E_JWT_SECRET = 'e2e-secret-that-is-only-used-by-the-end-to-end-tests-0123456789';
export const E2E_ADMIN = { email: 'admin@zaryad.kg', password: 'Admin-e2e-2026' } as const;
