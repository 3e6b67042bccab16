/**
 * The one reader of every export's rows, a batch fetched only when the writer has taken the last. PostgreSQL: a cursor
 * in a read-only transaction on one pooled connection. PGlite has one connection, which a transaction would hold for
 * the whole download: there the cursor is `WITH HOLD`, outside any transaction, each FETCH one short statement.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client';
import { queryOf } from './query';

/** A row: each column's text, in the columns' order. */
export type TRow = readonly (string | null)[];
/** One fetched batch; empty at the end. */
export type TBatch = readonly TRow[];

/** Batches of rows: an empty batch is the end. `close` may be called at any time, more than once. */
export interface BatchReader {
  read(): Promise<TBatch>;
  close(): Promise<void>;
}

/** The database an export reads: its kind picks the cursor. */
export type ExportDatabase = Pick<DatabaseHandle, 'kind' | 'pool' | 'pglite'>;

/**
 * Rows per FETCH. Measured on PostgreSQL with 1,000,000 statement rows as xlsx under `npm start`'s flags
 * (`npm run bench:export -w scripts`, docs/benchmarks.md#8-exports): the next batch is prefetched, so round trips hide
 * behind the writing; a batch's rows are what V8's small young generation (2 MB) holds while they are written, and at
 * 1,000 they outlived it and were promoted (the exporting process used 29 s of CPU at 1,000 rows, 19-25 s at 250 and 100).
 * A smaller batch also holds the event loop for less time, which the other requests see.
 */
export const EXPORT_BATCH_ROWS = 250;

/** Dates written as `dateTimeCell` reads them, whatever the server's default (PGlite's and PostgreSQL's is ISO). */
export const ISO_DATES = `set local datestyle = 'ISO, YMD'`;

let cursorSequence = 0;
const nextCursorName = () => `zaryad_export_${(cursorSequence = (cursorSequence + 1) % 1_000_000)}`;

/** Every value as PostgreSQL's text. */
const TEXT_VALUES = { getTypeParser: () => (value: string) => value };

export const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

const poolCursor = (pool: pg.Pool, select: SQLWrapper, batchRows: number): BatchReader => {
  const { sql: text, params } = queryOf(select);
  const name = nextCursorName();
  let opened: Promise<pg.PoolClient> | undefined;
  let closed: Promise<void> | undefined;
  const open = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin read only');
      // An export reads every row: plan for all of them (hash joins, one sort), not for the first ones.
      await client.query('set local cursor_tuple_fraction = 1');
      await client.query(ISO_DATES);
      await client.query(`declare ${name} no scroll cursor for ${text}`, params);
    } catch (error) {
      client.release(true);
      throw error;
    }
    return client;
  };
  // The next batch is asked for as soon as one arrives, so that PostgreSQL reads and sends it while this process
  // writes the current one (two processes, two cores); never more than one batch ahead, so back-pressure holds.
  let next: Promise<pg.QueryArrayResult<(string | null)[]>> | undefined;
  const fetchBatch = (client: pg.PoolClient) => {
    const batch = client.query<(string | null)[]>({
      text: `fetch ${batchRows} from ${name}`,
      rowMode: 'array',
      types: TEXT_VALUES,
    });
    // Handled where it is awaited; this only keeps an abandoned prefetch (the client went away) from being unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  return {
    async read() {
      if (closed) {
        return [];
      }
      opened ??= open();
      const client = await opened;
      const result = await (next ?? fetchBatch(client));
      next = result.rows.length === batchRows && !closed ? fetchBatch(client) : undefined;
      return result.rows;
    },
    close() {
      closed ??= (async () => {
        const client = await opened?.catch(() => undefined);
        if (!client) {
          return;
        }
        // Nothing was written: rolling back ends the transaction and its cursor. A connection that cannot even do that
        // is dropped rather than handed to the next request.
        await client.query('rollback').then(
          () => client.release(),
          (error: unknown) => client.release(toError(error)),
        );
      })();
      return closed;
    },
  };
};

const holdCursor = (pglite: PGlite, select: SQLWrapper, batchRows: number): BatchReader => {
  const { sql: text, params } = queryOf(select);
  const name = nextCursorName();
  let declared: Promise<unknown> | undefined;
  let isClosed = false;
  return {
    async read() {
      if (isClosed) {
        return [];
      }
      declared ??= pglite.query(`declare ${name} no scroll cursor with hold for ${text}`, params);
      await declared;
      // Every cell is written as text (columns.ts): PGlite answers strings as they are.
      const result = await pglite.query<(string | null)[]>(`fetch ${batchRows} from ${name}`, [], { rowMode: 'array' });
      return result.rows;
    },
    async close() {
      if (isClosed) {
        return;
      }
      isClosed = true;
      // A failed declare left nothing to close; a failed close leaves a cursor the session drops on its next start.
      await declared?.then(
        () => pglite.query(`close ${name}`).catch(() => undefined),
        () => undefined,
      );
    },
  };
};

/** The cursor of an export's select on this database; PGlite's sessions are in ISO dates already. */
export const openCursor = (database: ExportDatabase, select: SQLWrapper, batchRows = EXPORT_BATCH_ROWS) => {
  if (database.pool) {
    return poolCursor(database.pool, select, batchRows);
  }
  if (database.pglite) {
    return holdCursor(database.pglite, select, batchRows);
  }
  throw new Error(`an export needs PostgreSQL's pool or the embedded database`);
};
