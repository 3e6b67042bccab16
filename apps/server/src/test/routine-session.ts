import type { DatabaseHandle } from '../db/client';
import { pgliteSession, postgresSession, type RoutineSession } from '../db/routines';

/** Runs `use` on one connection of a test database (PGlite's only one, or a pooled PostgreSQL client). */
export const withRoutineSession = async <T>(
  handle: DatabaseHandle,
  use: (session: RoutineSession) => Promise<T>,
): Promise<T> => {
  if (handle.pglite) {
    return use(pgliteSession(handle.pglite));
  }
  if (!handle.pool) {
    throw new Error('a test database has either a PGlite client or a PostgreSQL pool');
  }
  const client = await handle.pool.connect();
  try {
    return await use(postgresSession(client));
  } finally {
    client.release();
  }
};
