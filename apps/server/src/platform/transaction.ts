import type { Database } from '../db/client';

/** The handle a `db.transaction(...)` callback receives: hooks that write inside a platform change take it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
