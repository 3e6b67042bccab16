/**
 * Exports (DESIGN.md section 9): a list's rows streamed from the database to the HTTP reply as csv or xlsx, in
 * constant memory whatever the size. Every export (users, the statement, charges, the promotions report) declares its
 * columns once, each with its cell written in SQL (the helpers below), and its select, and calls `sendExport`.
 *
 * - Every cell is formatted by the database: money as exact som, instants as Bishkek's wall time, stored codes as words
 *   in the request's language. The rows arrive as text and are written as they are: one definition of each column,
 *   whatever the format, and the formatting runs in PostgreSQL's process, beside this one, on the second core.
 * - csv on PostgreSQL is `COPY (select …) TO STDOUT (FORMAT csv)`, streamed to the reply with back-pressure: the
 *   database writes the file itself, at the speed of `COPY`, and this process only forwards bytes.
 * - Otherwise the rows are read in batches from a cursor, the next batch fetched only once the reply has taken the
 *   previous one. PostgreSQL: `DECLARE … NO SCROLL CURSOR` inside a read-only transaction, on one pooled connection
 *   for the download. PGlite has a single connection, and a transaction would hold it, and the whole app with it, for
 *   as long as the client downloads: there the cursor is `WITH HOLD` and lives outside any transaction, its result
 *   kept inside the database, each FETCH one short statement between the other requests' ones.
 * - A failure before the first byte (the query itself) answers the usual translated error; after it, the socket is
 *   destroyed, so that the client sees a failed download rather than a truncated file presented as complete.
 * - csv cells starting with `=`, `+`, `-`, `@`, a tab or a carriage return are defused with a leading `'` (OWASP, CSV
 *   injection), in SQL, for every text column; numbers are written as numbers.
 */
import { PassThrough, Readable } from 'node:stream';
import type { TLanguage } from '@zaryad/contracts';
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client';
import { bishkekToday } from './bishkek-time';
import { CopyOutStream } from './copy-out';
import { csvQuoted } from './csv';
import type { ListOrder } from './list-query';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<TExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Rows per FETCH (xlsx, and csv on PGlite). Measured on PostgreSQL with 1,000,000 statement rows as xlsx
 * (`npm run bench:export -w scripts`): the next batch is prefetched, so round trips hide behind the writing; 1,000 and
 * 5,000 rows took the same time, and 5,000 (with 4 MB of zip input) peaked 35 MB higher; 500 was no lower.
 */
export const EXPORT_BATCH_ROWS = 1000;

// ---------------------------------------------------------------------------------------------------------------------
// File names

/** A name for a file: without characters a file system or a header chokes on (control characters, slashes, quotes). */
export const safeFileName = (name: string, fallback: string) => {
  // Control characters are exactly what must not reach a file name or a header.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\\/:*?"<>|\u0000-\u001f«»]+/g;
  return name.replace(unsafe, ' ').replace(/\s+/g, ' ').trim() || fallback;
};

/** `users_2026-11-23.xlsx`: the entity and the day in Bishkek. */
export const exportFileName = (entity: string, format: TExportFormat, now = new Date()) =>
  `${safeFileName(entity, 'export')}_${bishkekToday(now)}.${format}`;

/**
 * RFC 6266: the UTF-8 name (`filename*`) for every current browser, and an ASCII name for the rest; `asciiFallback`
 * is used when the name itself is not ASCII (a merchant's Cyrillic name).
 */
export const attachmentDisposition = (fileName: string, asciiFallback: string) => {
  const isAscii = /^[\x20-\x7e]+$/.test(fileName);
  const fallback = (isAscii ? fileName : asciiFallback).replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

// ---------------------------------------------------------------------------------------------------------------------
// Columns and their cells

/**
 * How a cell is written: text (an xlsx string; in csv defused and quoted as needed), a number (an xlsx number; as it
 * is in csv), or money (an xlsx number shown `0.00`).
 */
export type TCellKind = 'text' | 'number' | 'money';

/**
 * A cell: its kind, the value the list's select reads (`value`), and how that value is written as the cell's text
 * (`text`, SQL over the value; null is an empty cell). The select reads, filters and sorts the plain values; the texts
 * are written over its sorted rows (see `exportSelect`), so that the sort carries narrow rows and plans as the list's
 * own select does.
 */
export interface ExportCell {
  kind: TCellKind;
  value: SQL;
  text: (value: SQL) => SQL;
  /**
   * Free text someone typed (a name, a comment), which csv defuses when it starts like a formula. Cells the product
   * formats itself (dates, words, numbers) cannot start so and skip the check.
   */
  isFreeText?: true;
}

export interface ExportColumn extends ExportCell {
  header: Readonly<Record<TLanguage, string>>;
  /** xlsx column width in characters. */
  width?: number;
}

const valueOf = (value: SQLWrapper) => sql`${value}`;

/** Any text, as it is. */
export const textCell = (value: SQLWrapper): ExportCell => ({
  kind: 'text',
  value: valueOf(value),
  text: (text) => sql`${text}::text`,
  isFreeText: true,
});

/** `+996 (555) 12-34-56`: the mask the screens show (`PHONE_MASK`), for the 12 stored digits; anything else as it is. */
export const phoneCell = (digits: SQLWrapper): ExportCell =>
  textCell(
    sql`case when length(${digits}) = 12 then '+' || substr(${digits}, 1, 3) || ' (' || substr(${digits}, 4, 3) || ') ' || substr(${digits}, 7, 2) || '-' || substr(${digits}, 9, 2) || '-' || substr(${digits}, 11, 2) else ${digits} end`,
  );

/** An integer or an exact decimal (`12.345`), as PostgreSQL writes it. */
export const numberCell = (value: SQLWrapper): ExportCell => ({
  kind: 'number',
  value: valueOf(value),
  text: (number) => sql`${number}::text`,
});

/** Watt-hours as kWh with 3 decimals (`12.345`), exactly: an integer times the numeric 0.001 has scale 3. */
export const kwhCell = (wattHours: SQLWrapper): ExportCell => ({
  kind: 'number',
  value: valueOf(wattHours),
  text: (wh) => sql`(${wh} * 0.001)::text`,
});

/**
 * Tyiyn as som with 2 decimals (`1500.00`, `-2.02`, `0.05`), exactly: an integer times the numeric 0.01 is a numeric
 * of scale 2, never floating point (and faster than a division and a cast).
 */
export const moneyCell = (tyiyn: SQLWrapper): ExportCell => ({
  kind: 'money',
  value: valueOf(tyiyn),
  text: (amount) => sql`(${amount} * 0.01)::text`,
});

/**
 * An instant as Bishkek's wall time, `YYYY-MM-DD HH:mm:ss`: the first 19 characters of the local timestamp's ISO text
 * (the readers set `DateStyle` to ISO), fractions of a second cut as `to_char` would, at a fraction of its cost.
 */
export const dateTimeCell = (instant: SQLWrapper): ExportCell => ({
  kind: 'text',
  value: valueOf(instant),
  text: (at) => sql`left((${at} at time zone 'Asia/Bishkek')::text, 19)`,
});

/** A calendar day, `YYYY-MM-DD`. */
export const dateCell = (day: SQLWrapper): ExportCell => ({
  kind: 'text',
  value: valueOf(day),
  text: (date) => sql`to_char(${date}, 'YYYY-MM-DD')`,
});

/** Seconds as `1:05:09` (hours, minutes, seconds). */
export const durationCell = (seconds: SQLWrapper): ExportCell => ({
  kind: 'text',
  value: valueOf(seconds),
  text: (s) =>
    sql`${s} / 3600 || ':' || lpad((${s} % 3600 / 60)::text, 2, '0') || ':' || lpad((${s} % 60)::text, 2, '0')`,
});

/** A stored code as its word (`words` in the request's language); a code the words do not know is written as stored. */
export const wordCell = (code: SQLWrapper, words: Readonly<Record<string, string>>): ExportCell => {
  const entries = Object.entries(words);
  return {
    kind: 'text',
    value: valueOf(code),
    text: (stored) =>
      entries.length === 0
        ? sql`${stored}::text`
        : sql`case ${stored}::text ${sql.join(
            entries.map(([key, word]) => sql`when ${key} then ${word}`),
            sql` `,
          )} else ${stored}::text end`,
  };
};

/**
 * The csv form of a free text: formula starts (`=`, `+`, `-`, `@`, tab, CR: their codes, `ascii` reading the first
 * character without cutting a substring) defused with a `'`, as `csv.ts` does it.
 */
const csvFreeText = (text: SQL) =>
  sql`case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end`;

/** A list's order as `orderBy` arguments (`platform/list-query.ts`). */
export const orderByOf = (order: ListOrder): SQL[] =>
  order.columns.map((column) => (order.direction === 'desc' ? sql`${column} desc` : sql`${column} asc`));

/** The fields the list's select reads, `c0`, `c1`, …: the columns' values. */
const valueFields = (columns: readonly ExportColumn[]): Record<string, SQL.Aliased> =>
  Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value.as(`c${index}`)]));

/**
 * The export's select: each column's text written over the rows of the list's select (`query` over the values), in
 * its order. A subquery with ORDER BY is never merged into the query around it, and a projection over it keeps its
 * order.
 */
const exportSelect = (columns: readonly ExportColumn[], format: TExportFormat, query: SQLWrapper): SQL => {
  const texts = columns.map((column, index) => {
    const name = sql.identifier(`c${index}`);
    const text = column.text(sql`${sql.identifier('export_rows')}.${name}`);
    return sql`${format === 'csv' && column.isFreeText ? csvFreeText(text) : text} as ${name}`;
  });
  return sql`select ${sql.join(texts, sql`, `)} from (${query}) as ${sql.identifier('export_rows')}`;
};

// ---------------------------------------------------------------------------------------------------------------------
// Reading the rows

/** A row: each column's text, in the columns' order. */
type TRow = readonly (string | null)[];
/** One fetched batch; empty at the end. */
type TBatch = readonly TRow[];

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Batches of a cursor: an empty batch is the end. `close` may be called at any time, more than once. */
interface BatchReader {
  read(): Promise<TBatch>;
  close(): Promise<void>;
}

/** Drizzle's rows (objects keyed `c0`, `c1`, …) as arrays of text. */
const rowsOf = (result: unknown, width: number): TBatch =>
  (result as { rows: Record<string, unknown>[] }).rows.map((row) =>
    Array.from({ length: width }, (_, index) => {
      const value = row[`c${index}`];
      return value === null || value === undefined ? null : String(value);
    }),
  );

let cursorSequence = 0;
const nextCursorName = () => `zaryad_export_${(cursorSequence = (cursorSequence + 1) % 1_000_000)}`;

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/**
 * PostgreSQL without a pool at hand (a Drizzle handle only): the cursor lives in a read-only transaction, run by
 * Drizzle's `transaction` callback; each `read` asks the callback for one more batch. Returning from the callback
 * commits (nothing was written), a failure rolls back, and either way the connection goes back to the pool.
 */
const transactionCursor = (db: Database, query: SQLWrapper, width: number, batchRows: number): BatchReader => {
  const name = sql.identifier(nextCursorName());
  const asks: Deferred<TBatch>[] = [];
  let wakeUp: (() => void) | undefined;
  let isClosing = false;
  let failure: unknown;
  const nextAsk = async () => {
    while (asks.length === 0 && !isClosing) {
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
    }
    return asks.shift();
  };
  const finished = db
    .transaction(
      async (tx) => {
        // An export reads every row: plan for all of them (hash joins, one sort), not for the first ones.
        await tx.execute(sql`set local cursor_tuple_fraction = 1`);
        await tx.execute(sql.raw(ISO_DATES));
        await tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
        for (;;) {
          const ask = await nextAsk();
          if (!ask) {
            return;
          }
          try {
            const rows = rowsOf(await tx.execute(sql`fetch ${sql.raw(String(batchRows))} from ${name}`), width);
            ask.resolve(rows);
            if (rows.length === 0) {
              return;
            }
          } catch (error) {
            ask.reject(error);
            throw error;
          }
        }
      },
      { accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      failure = error;
      for (const ask of asks.splice(0)) {
        ask.reject(error);
      }
    });
  return {
    read: () =>
      failure !== undefined
        ? Promise.reject(toError(failure))
        : new Promise<TBatch>((resolve, reject) => {
            asks.push({ resolve, reject });
            wakeUp?.();
          }),
    async close() {
      isClosing = true;
      wakeUp?.();
      await finished;
    },
  };
};

/** PGlite: a `WITH HOLD` cursor outside any transaction (see the top of this file), closed explicitly. */
const holdCursor = (db: Database, query: SQLWrapper, width: number, batchRows: number): BatchReader => {
  const name = sql.identifier(nextCursorName());
  let declared: Promise<void> | undefined;
  let isClosed = false;
  return {
    async read() {
      // Drizzle's query promises run again each time they are awaited: declare once, remember the outcome.
      declared ??= (async () => {
        await db.execute(sql`declare ${name} no scroll cursor with hold for ${query}`);
      })();
      await declared;
      return rowsOf(await db.execute(sql`fetch ${sql.raw(String(batchRows))} from ${name}`), width);
    },
    async close() {
      if (isClosed || !declared) {
        isClosed = true;
        return;
      }
      isClosed = true;
      // A failed declare left nothing to close; a failed close leaves a cursor the session drops on its next start.
      await declared.then(
        () => db.execute(sql`close ${name}`).catch(() => undefined),
        () => undefined,
      );
    },
  };
};

/** Dates written as `dateTimeCell` reads them, whatever the server's default (PGlite's and PostgreSQL's is ISO). */
const ISO_DATES = `set local datestyle = 'ISO, YMD'`;

/** Every value as PostgreSQL's text (the cells are text already: nothing to parse). */
const TEXT_VALUES = { getTypeParser: () => (value: string) => value };

const QUERY_DIALECT = new PgDialect();

/**
 * PostgreSQL, on one connection taken from the pool for the whole export: a read-only transaction holding a cursor,
 * fetched with node-postgres directly as arrays of text, past Drizzle's row mapping.
 */
const poolCursor = (pool: pg.Pool, query: SQLWrapper, batchRows: number): BatchReader => {
  const { sql: text, params } = QUERY_DIALECT.sqlToQuery(query.getSQL());
  const name = nextCursorName();
  const fetch = `fetch ${batchRows} from ${name}`;
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
    const batch = client.query<(string | null)[]>({ text: fetch, rowMode: 'array', types: TEXT_VALUES });
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

const openCursor = (
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'pool'>,
  query: SQLWrapper,
  width: number,
  batchRows: number,
) => {
  if (database.kind === 'pglite') {
    return holdCursor(database.db, query, width, batchRows);
  }
  return database.pool
    ? poolCursor(database.pool, query, batchRows)
    : transactionCursor(database.db, query, width, batchRows);
};

/**
 * A query's text with its parameters written in as literals, for `COPY`, which takes none. Each value is the text
 * node-postgres would send for it (`prepareValue`), quoted as a literal (`escapeLiteral`): an untyped literal, which
 * PostgreSQL types from its context exactly as it types an untyped parameter. Quoted strings and identifiers of the
 * text are skipped, so a `$1` inside one is left alone.
 */
// node-postgres's own conversion of a parameter to its text (pg/lib/utils.js), which its typings leave out.
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }).utils;

export const inlineParameters = (text: string, params: readonly unknown[]) =>
  text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (token, number: string | undefined) => {
    if (number === undefined) {
      return token;
    }
    const index = Number(number) - 1;
    if (index < 0 || index >= params.length) {
      throw new Error(`no parameter ${token}`);
    }
    const value = prepareValue(params[index]);
    if (Buffer.isBuffer(value)) {
      throw new Error('a binary parameter cannot be written into COPY');
    }
    return value === null ? 'null' : pg.escapeLiteral(value);
  });

// ---------------------------------------------------------------------------------------------------------------------
// Writers

/** Turns batches of rows into bytes: csv text, or rows written into the xlsx package. */
interface ExportWriter {
  /** The stream the reply sends. */
  output: Readable;
  /** Writes one batch. */
  add(rows: TBatch): void;
  /** Resolves when the reply has taken enough of what was added to ask for more. */
  drained(): Promise<void>;
  end(): Promise<void>;
}

/** A csv cell as `COPY` writes it (the formula guard is already in the cell's SQL). */
const csvText = (text: string | null) => (text === null ? '' : csvQuoted(text));

/** The header line, in the request's language, after Excel's byte order mark (it reads UTF-8 only with it). */
const csvHeader = (columns: readonly ExportColumn[], language: TLanguage) =>
  `\ufeff${columns.map((column) => csvText(column.header[language])).join(',')}\n`;

/** A pull stream: `_read` resolves the writer's wait, so a batch is fetched only when the reply wants more. */
class PullStream extends Readable {
  private wanted: (() => void) | undefined;
  private onDestroy: (() => void) | undefined;

  constructor(onDestroy: () => void) {
    super();
    this.onDestroy = onDestroy;
  }

  override _read() {
    const wanted = this.wanted;
    this.wanted = undefined;
    wanted?.();
  }

  /** Resolves when the consumer asks for more (at once if it already has). */
  demand(pushed: boolean) {
    return pushed || this.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.wanted = resolve;
        });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.wanted?.();
    this.onDestroy?.();
    this.onDestroy = undefined;
    callback(error);
  }
}

/** csv from batches of rows (PGlite, or PostgreSQL without a pool), written as `COPY` writes it: LF line ends. */
const csvWriter = (columns: readonly ExportColumn[], language: TLanguage, onDestroy: () => void): ExportWriter => {
  const output = new PullStream(onDestroy);
  output.push(csvHeader(columns, language));
  let pushed = true;
  return {
    output,
    add(rows) {
      let text = '';
      for (const row of rows) {
        text += `${row.map(csvText).join(',')}\n`;
      }
      pushed = output.push(text);
    },
    drained: () => output.demand(pushed),
    async end() {
      output.push(null);
    },
  };
};

/** What XML 1.0 cannot hold (control characters, dropped) or must escape; the same set ExcelJS's own encoder handles. */
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
// eslint-disable-next-line no-control-regex
const XML_SPECIAL_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const XML_ESCAPES: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};
const xmlText = (text: string) =>
  XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (char) => XML_ESCAPES[char] ?? '') : text;

/** `A`, `B`, … `Z`, `AA`: a column's letters in a cell reference. */
const columnLetters = (index: number): string =>
  (index >= 26 ? columnLetters(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** Bytes of sheet XML the zip's deflate may have waiting before the next batch is formatted (about one batch). */
const ZIP_INPUT_LIMIT = 2 ** 20;

/** A number cell's text: the exact decimal (`1500.00`, `-3`), which is an xsd:double as it is. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** The part of ExcelJS's streaming writers used here beyond their typings (exceljs 4: stream/xlsx/*-writer.js). */
interface ExcelJsInternals {
  styles: { addStyleModel(model: Partial<ExcelJS.Style>, cellType: number): number };
}
interface SheetStream {
  /** ExcelJS's StreamBuf: `pipes` are where it writes once archiver reads it, `buffers` what it holds until then. */
  stream: {
    write(chunk: string | Buffer): boolean;
    pipes?: (NodeJS.EventEmitter & { _writableState?: { length: number } })[];
    buffers?: unknown[];
  };
}

/** What XML 1.0 cannot hold, removed from free text in SQL: every control character but tab, LF and CR. */
const XML_CONTROL_CHARACTERS = Array.from({ length: 32 }, (_, code) => code)
  .filter((code) => code !== 0 && code !== 9 && code !== 10 && code !== 13)
  .map((code) => String.fromCharCode(code))
  .concat('\x7f')
  .join('');

/**
 * Free text as XML character data, in SQL: control characters removed, `&`, `<` and `>` escaped (quotes need no escape
 * in an element's text), and line breaks written as character references, so that a sheet row stays on one line of
 * `COPY`'s output.
 */
const xmlTextSql = (text: SQL) =>
  sql`replace(replace(replace(replace(replace(translate(${text}, ${XML_CONTROL_CHARACTERS}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), chr(10), '&#10;'), chr(13), '&#13;')`;

/**
 * The sheet's data rows written by the database, one `<row>` per line, as `xlsxWriter` writes them from batches: text
 * cells `t="str"`, numbers as their exact text, money with its style; an empty or null value is no cell. The rows are
 * numbered over the list's sorted rows, from 2 (row 1 is the header).
 */
const sheetRowsSelect = (columns: readonly ExportColumn[], query: SQLWrapper, moneyStyleId: number): SQL => {
  const rows = sql.identifier('export_rows');
  const texts = columns.map((column, index) => {
    const text = column.text(sql`${rows}.${sql.identifier(`c${index}`)}`);
    return sql`${column.isFreeText ? xmlTextSql(text) : text} as ${sql.identifier(`c${index}`)}`;
  });
  const row = sql.identifier('sheet_rows');
  const cells = columns.map((column, index) => {
    const value = sql`nullif(${row}.${sql.identifier(`c${index}`)}, '')`;
    const reference = sql.raw(`'<c r="${columnLetters(index)}'`);
    const attributes = sql.raw(
      column.kind === 'text' ? `'" t="str"><v>'` : column.kind === 'money' ? `'" s="${moneyStyleId}"><v>'` : `'"><v>'`,
    );
    return sql`coalesce(${reference} || ${row}.rn || ${attributes} || ${value} || '</v></c>', '')`;
  });
  return sql`select '<row r="' || ${row}.rn || '">' || ${sql.join(cells, sql` || `)} || '</row>'
    from (select (row_number() over () + 1)::text as rn, ${sql.join(texts, sql`, `)} from (${query}) as ${rows}) as ${row}`;
};

/**
 * xlsx through ExcelJS's streaming WorkbookWriter: it writes the package (workbook, styles, column widths, the bold
 * header row) and zips it; the data rows' XML is written here, a batch at a time, straight into the sheet's part.
 * Measured with 1,000,000 statement rows (README of this folder), ExcelJS's per-row path (a Row and Cell objects per
 * value, a style model rendered and looked up per styled cell, its XML writer per attribute) spent over 80% of the
 * export's time and missed 30 s several times over; the rows written here are the same XML it writes (`<c r="A2"
 * t="str"><v>…</v></c>` for text, `<c r="F2" s="1"><v>1500.00</v></c>` for money), in one string per batch. Deflate
 * runs at level 1: the sheet is repetitive XML, and higher levels cost several times the CPU for a few percent.
 */
/** The xlsx writer, which also takes the sheet's rows as XML written elsewhere (`sheetRowsSelect`). */
interface XlsxWriter extends ExportWriter {
  /** The style id of money cells in this workbook. */
  moneyStyleId: number;
  /** Writes rows' XML as it is into the sheet. */
  addXml(xml: string | Buffer): void;
}

const xlsxWriter = (
  columns: readonly ExportColumn[],
  language: TLanguage,
  sheetName: string,
  onDestroy: () => void,
): XlsxWriter => {
  const output = new PassThrough();
  output.on('close', onDestroy);
  // Styles for the header's bold and the money format; shared strings off, since they would keep every text in memory.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  const moneyStyle: Partial<ExcelJS.Style> = { numFmt: '0.00' };
  sheet.columns = columns.map((column) => ({
    width: column.width ?? 16,
    ...(column.kind === 'money' ? { style: moneyStyle } : {}),
  }));
  const header = sheet.addRow(columns.map((column) => column.header[language]));
  header.font = { bold: true };
  header.commit();
  // The id ExcelJS gives the money format (as it would to each money cell of the column's style).
  const moneyStyleId = (workbook as unknown as ExcelJsInternals).styles.addStyleModel(
    moneyStyle,
    ExcelJS.ValueType.Number,
  );
  const sheetStream = (sheet as unknown as SheetStream).stream;
  let rowNumber = 1;
  const cells = columns.map((column, index): ((text: string | null, rowNumber: number) => string) => {
    const letters = columnLetters(index);
    if (column.kind === 'text') {
      return (text, number) =>
        text === null || text === '' ? '' : `<c r="${letters}${number}" t="str"><v>${xmlText(text)}</v></c>`;
    }
    // The exact decimal text is the cell's stored value: never through arithmetic.
    const style = column.kind === 'money' ? ` s="${moneyStyleId}"` : '';
    return (text, number) => {
      if (text === null) {
        return '';
      }
      if (!NUMBER_TEXT.test(text)) {
        throw new Error(`not a number: ${text}`);
      }
      return `<c r="${letters}${number}"${style}><v>${text}</v></c>`;
    };
  });
  /** Resolves on `event` of `emitter`, or when the reply closes. */
  const untilOr = (emitter: NodeJS.EventEmitter, event: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        emitter.off(event, done);
        output.off('close', done);
        resolve();
      };
      emitter.once(event, done);
      output.once('close', done);
    });
  const waitForReader = async () => {
    // ExcelJS writes the sheet part into the zip's deflate without back-pressure (its StreamBuf ignores `write`'s
    // answer), and deflate is the slowest step: wait until the deflate input has drained and the reply has taken the
    // zip's output, so that what is buffered stays about one batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let waits = 0; !output.destroyed;) {
      const zipInput = sheetStream.pipes?.[0];
      if (!zipInput && (sheetStream.buffers?.length ?? 0) > 1 && waits < 40) {
        // Not piped to the zip yet (archiver takes it on a later tick): give it the time to.
        waits += 1;
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
      } else if (zipInput && (zipInput._writableState?.length ?? 0) > ZIP_INPUT_LIMIT) {
        // A stream of the `readable-stream` package: its state is where its buffered length is.
        await untilOr(zipInput, 'drain');
      } else if (output.readableLength > output.readableHighWaterMark) {
        await untilOr(output, 'data');
      } else {
        return;
      }
    }
  };
  return {
    output,
    moneyStyleId,
    addXml(xml) {
      sheetStream.write(xml);
    },
    add(rows) {
      let xml = '';
      for (const row of rows) {
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (let index = 0; index < cells.length; index++) {
          xml += cells[index]!(row[index] ?? null, rowNumber);
        }
        xml += '</row>';
      }
      if (xml !== '') {
        sheetStream.write(xml);
      }
    },
    drained: waitForReader,
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------------
// The reply

export interface ExportOptions {
  /** The open database (`app.database`): its kind and pool pick the reader (see the top of this file). */
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'pool'>;
  format: TExportFormat;
  language: TLanguage;
  /** The file's entity, `users` in `users_2026-11-23.xlsx`; ASCII. */
  entity: string;
  /** The xlsx sheet's name in each language. */
  sheet: Readonly<Record<TLanguage, string>>;
  columns: readonly ExportColumn[];
  /** The list's select over the given fields, with its filters and order: `(fields) => db.select(fields).from(…)…`. */
  query: (fields: Record<string, SQL.Aliased>) => SQLWrapper;
  batchRows?: number;
}

/** Resolves once `stream` has data to read or has ended; rejects with its error. */
const firstReadable = (stream: Readable) =>
  new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('readable', onReadable);
      stream.off('end', onReadable);
      stream.off('error', done);
      if (error) {
        reject(error);
      } else {
        resolve();
      }
    };
    const onReadable = () => done();
    stream.once('readable', onReadable);
    stream.once('end', onReadable);
    stream.once('error', done);
  });

/**
 * `COPY (select …) TO STDOUT` on a connection of the pool, in a read-only transaction with ISO dates. Resolves once
 * the first bytes (or the end) have come, so that a failing query fails here, before anything is sent. The transaction
 * is committed and the connection released at the end; `abandon` (the client went away) drops the connection, which
 * ends the copy in the database.
 */
const copyOut = async (pool: pg.Pool, select: SQLWrapper, format: string) => {
  const { sql: text, params } = QUERY_DIALECT.sqlToQuery(select.getSQL());
  const client = await pool.connect();
  let isReleased = false;
  const release = (error?: Error) => {
    if (!isReleased) {
      isReleased = true;
      client.release(error);
    }
  };
  let source: Readable;
  try {
    await client.query('begin read only');
    await client.query(ISO_DATES);
    source = client.query(new CopyOutStream(`copy (${inlineParameters(text, params)}) to stdout with (${format})`));
    await firstReadable(source);
  } catch (error) {
    release(toError(error));
    throw error;
  }
  source.on('end', () => {
    client.query('commit').then(
      () => release(),
      (error: unknown) => release(toError(error)),
    );
  });
  source.on('error', (error) => release(error));
  return {
    source,
    abandon() {
      if (!source.readableEnded) {
        release(new Error('the export was not read to its end'));
        source.destroy();
      }
    },
  };
};

/** csv on PostgreSQL: the header line, then `COPY`'s own csv, piped to the reply. */
const copyCsv = async (pool: pg.Pool, query: SQLWrapper, header: string): Promise<Readable> => {
  const { source, abandon } = await copyOut(pool, query, 'format csv');
  const output = new PassThrough();
  output.write(header);
  source.on('error', (error) => output.destroy(error));
  output.on('close', abandon);
  source.pipe(output);
  return output;
};

/**
 * xlsx on PostgreSQL: the sheet's rows written by the database (`sheetRowsSelect`), one per line of a `COPY` whose
 * separator and quote are control characters the rows never hold (so nothing is quoted), poured into the workbook's
 * sheet as they come, with the workbook's back-pressure.
 */
const copyXlsx = async (pool: pg.Pool, options: ExportOptions, list: SQLWrapper): Promise<Readable> => {
  let abandon = () => {};
  const writer = xlsxWriter(options.columns, options.language, options.sheet[options.language], () => abandon());
  const copy = await copyOut(
    pool,
    sheetRowsSelect(options.columns, list, writer.moneyStyleId),
    `format csv, delimiter e'\\x02', quote e'\\x01'`,
  );
  abandon = copy.abandon;
  const pump = async () => {
    for await (const chunk of copy.source) {
      if (writer.output.destroyed) {
        return;
      }
      writer.addXml(chunk as Buffer);
      await writer.drained();
    }
    if (!writer.output.destroyed) {
      await writer.end();
    }
  };
  pump().catch((error: unknown) => {
    copy.abandon();
    writer.output.destroy(toError(error));
  });
  return writer.output;
};

/** Streams rows from a cursor through a writer; the first batch is read before anything is sent. */
const writeBatches = async (options: ExportOptions, query: SQLWrapper): Promise<Readable> => {
  const { format, language, columns } = options;
  const cursor = openCursor(options.database, query, columns.length, options.batchRows ?? EXPORT_BATCH_ROWS);
  const close = () => {
    cursor.close().catch(() => undefined);
  };
  let writer: ExportWriter;
  let first: TBatch;
  try {
    writer =
      format === 'csv'
        ? csvWriter(columns, language, close)
        : xlsxWriter(columns, language, options.sheet[language], close);
    first = await cursor.read();
    writer.add(first);
  } catch (error) {
    await cursor.close();
    throw error;
  }
  const pump = async () => {
    let rows = first;
    while (rows.length > 0 && !writer.output.destroyed) {
      await writer.drained();
      if (writer.output.destroyed) {
        return;
      }
      rows = await cursor.read();
      writer.add(rows);
    }
    await cursor.close();
    if (!writer.output.destroyed) {
      await writer.end();
    }
  };
  pump().catch((error: unknown) => {
    close();
    // Fastify destroys the socket when a stream fails after the headers: the download fails visibly.
    writer.output.destroy(toError(error));
  });
  return writer.output;
};

/**
 * Streams the export as the reply. A failing query answers the usual error; a failure after the first byte destroys
 * the reply's socket.
 */
export const sendExport = async (reply: FastifyReply, options: ExportOptions): Promise<FastifyReply> => {
  const { format, language, columns, database } = options;
  const list = options.query(valueFields(columns));
  const pool = database.kind === 'postgres' ? database.pool : undefined;
  const output = !pool
    ? await writeBatches(options, exportSelect(columns, format, list))
    : format === 'csv'
      ? await copyCsv(pool, exportSelect(columns, format, list), csvHeader(columns, language))
      : await copyXlsx(pool, options, list);
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', attachmentDisposition(exportFileName(options.entity, format), `export.${format}`))
    .header('cache-control', 'no-store')
    .send(output);
};
