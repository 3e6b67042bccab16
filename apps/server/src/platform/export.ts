/**
 * Exports (DESIGN.md section 9): a list's rows streamed from a database cursor to the HTTP reply as csv or xlsx, in
 * constant memory whatever the size. Every export (users, the statement, charges, the promotions report) declares its
 * select and its columns once and calls `sendExport`.
 *
 * - Rows are read in batches from a cursor over the list's own select (filters and order included), and the next
 *   batch is fetched only once the reply has taken the previous one (back-pressure).
 * - PostgreSQL: `DECLARE … NO SCROLL CURSOR` inside a read-only transaction, so the export holds one pooled
 *   connection while it downloads (the pool has ten; a slow client holds its connection, not the others').
 * - PGlite has a single connection, and a transaction would hold it, and the whole app with it, for as long as the
 *   client downloads. There the cursor is `WITH HOLD` and lives outside any transaction: declaring it runs the query
 *   once and keeps the result inside the database (spilling to its temporary files, not to this process), and each
 *   FETCH is one short statement between the other requests' ones. The cursor is closed at the end, on failure, or
 *   when the client goes away.
 * - A failure before the first byte (the query itself) answers the usual translated error; after it, the socket is
 *   destroyed, so that the client sees a failed download rather than a truncated file presented as complete.
 */
import { PassThrough, Readable } from 'node:stream';
import type { TLanguage } from '@zaryad/contracts';
import { type Column, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client';
import { bishkekToday, formatBishkekDateTime } from './bishkek-time';
import { csvCell } from './csv';
import type { ListOrder } from './list-query';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<TExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Rows per FETCH. Measured on PostgreSQL with 1,000,000 statement rows (`npm run bench:export -w scripts`): the next
 * batch is prefetched, so round trips hide behind the formatting; 10,000 was no faster and kept ~30 MB more alive (the
 * server runs with a 2 MB young generation, so big batches are promoted and collected as old objects).
 */
export const EXPORT_BATCH_ROWS = 5000;

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
// Columns

/**
 * What a column holds, which decides how it is written:
 * - text: as is (csv cells starting with = + - @ are defused);
 * - integer: a number;
 * - decimal: exact decimal text (`12.345` kWh) written as it is in csv and as a number cell in xlsx;
 * - money: tyiyn in, som out as a number with 2 decimals (`1500.00`; xlsx: a number cell shown `0.00`), by string
 *   operations only, never float arithmetic;
 * - datetime: an instant, written `YYYY-MM-DD HH:mm:ss` in Asia/Bishkek;
 * - date: a calendar day `YYYY-MM-DD`, as stored.
 */
export type TExportKind = 'text' | 'integer' | 'decimal' | 'money' | 'datetime' | 'date';

/** What a column's value function answers; null and undefined are an empty cell. */
export type TExportValue = string | number | bigint | boolean | Date | null | undefined;

export interface ExportColumn<TRow> {
  header: Readonly<Record<TLanguage, string>>;
  kind: TExportKind;
  value: (row: TRow) => TExportValue;
  /** xlsx column width in characters. */
  width?: number;
}

/** A flat select: each key one column or expression (`sql<T>`). */
export type ExportSelection = Record<string, Column | SQL | SQL.Aliased>;

type SelectedValue<TField> =
  TField extends SQL<infer TValue>
    ? TValue
    : TField extends SQL.Aliased<infer TValue>
      ? TValue
      : TField extends Column
        ? TField['_']['notNull'] extends true
          ? TField['_']['data']
          : TField['_']['data'] | null
        : never;

/**
 * The driver's value of a selected field, which is not always Drizzle's: a FETCH is raw SQL, so no column decodes it.
 * Timestamps and dates arrive as their text, int8 as text (node-postgres) or a number (PGlite), numeric as text.
 */
type DriverValue<TValue> = TValue extends bigint
  ? string | number | bigint
  : TValue extends Date
    ? string | Date
    : TValue extends number
      ? number | string
      : TValue;

/** One fetched row: the selection's keys, with the driver's values. */
export type TFetchedRow<TSelection extends ExportSelection> = {
  readonly [TKey in keyof TSelection]: DriverValue<SelectedValue<TSelection[TKey]>>;
};

/**
 * The selection with each field aliased by its key, so that a fetched row is keyed as the selection is, whatever the
 * column names (two joined tables may both have `name`).
 */
const aliasedSelection = (selection: ExportSelection): Record<string, SQL.Aliased> =>
  Object.fromEntries(Object.entries(selection).map(([key, field]) => [key, sql`${field}`.as(key)]));

/** A list's order as `orderBy` arguments (`platform/list-query.ts`). */
export const orderByOf = (order: ListOrder): SQL[] =>
  order.columns.map((column) => (order.direction === 'desc' ? sql`${column} desc` : sql`${column} asc`));

// ---------------------------------------------------------------------------------------------------------------------
// Cells

const somFromTyiyn = (tyiyn: string | number | bigint): string => {
  let digits: string;
  if (typeof tyiyn === 'number') {
    if (!Number.isSafeInteger(tyiyn)) {
      throw new Error(`money must be whole tyiyn: ${tyiyn}`);
    }
    digits = String(tyiyn);
  } else {
    digits = typeof tyiyn === 'bigint' ? tyiyn.toString() : tyiyn;
    if (!/^-?\d+$/.test(digits)) {
      throw new Error(`money must be whole tyiyn: ${digits}`);
    }
  }
  const isNegative = digits.charCodeAt(0) === 45;
  const absolute = (isNegative ? digits.slice(1) : digits).padStart(3, '0');
  return `${isNegative ? '-' : ''}${absolute.slice(0, -2)}.${absolute.slice(-2)}`;
};

/** `2026-11-23 08:05:09.123456+00` or `+06` or `+05:30`: how PostgreSQL writes a timestamptz in any session zone. */
const PG_TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)?$/;

/**
 * The instant of a timestamptz as the drivers hand it over (text: Drizzle keeps timestamps as text), read by hand:
 * V8's own parser rejects some of PostgreSQL's offsets (`+06`), and this is faster.
 */
const instantOf = (value: string | number | Date): Date => {
  if (typeof value !== 'string') {
    return value instanceof Date ? value : new Date(value);
  }
  const parts = PG_TIMESTAMPTZ.exec(value);
  if (!parts) {
    throw new Error(`not a timestamp: ${value}`);
  }
  const [, year, month, day, hours, minutes, seconds, fraction, sign, offsetHours, offsetMinutes, offsetSeconds] =
    parts;
  const offset =
    (sign === '-' ? -1 : 1) *
    (Number(offsetHours ?? 0) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
  return new Date(utc - offset * 1000 + Number((fraction ?? '').slice(0, 3).padEnd(3, '0')));
};

/**
 * An instant as Bishkek's `YYYY-MM-DD HH:mm:ss`. On PostgreSQL the export's session writes timestamptz in Bishkek's
 * own offset (`2026-11-23 14:05:09.123456+06`, see `poolCursor`): its wall time is then the first 19 characters, as
 * is, without parsing (a million rows' worth of Date objects otherwise). Any other text or value is parsed.
 */
const bishkekDateTime = (value: string | number | Date) => {
  if (typeof value === 'string' && value.length >= 22 && value.endsWith('+06') && value.charCodeAt(10) === 32) {
    return value.slice(0, 19);
  }
  return formatBishkekDateTime(instantOf(value));
};

const dayOf = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10));

/** A value as its kind's text: what the csv holds, and what xlsx turns into a number for integer and money. */
const textOf = (kind: TExportKind, value: TExportValue): string => {
  if (value === null || value === undefined) {
    return '';
  }
  switch (kind) {
    case 'money':
      if (typeof value === 'boolean' || value instanceof Date) {
        throw new Error('money must be tyiyn');
      }
      return somFromTyiyn(value);
    case 'datetime':
      if (typeof value === 'boolean' || typeof value === 'bigint') {
        throw new Error('a datetime must be an instant');
      }
      return bishkekDateTime(value);
    case 'date':
      return typeof value === 'string' || value instanceof Date ? dayOf(value) : String(value);
    default:
      return String(value);
  }
};

// ---------------------------------------------------------------------------------------------------------------------
// Cursors

type TRawRow = Record<string, unknown>;

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * One fetched batch. `at` may answer the same object each time, refilled (the PostgreSQL reader does, to allocate no
 * object per row): a row is read before the next one is asked for.
 */
interface Batch {
  readonly length: number;
  at(index: number): TRawRow;
}

const objectBatch = (rows: TRawRow[]): Batch => ({ length: rows.length, at: (index) => rows[index]! });

/** Batches of a cursor: an empty batch is the end. `close` may be called at any time, more than once. */
interface BatchReader {
  read(): Promise<Batch>;
  close(): Promise<void>;
}

const rowsOf = (result: unknown) => objectBatch((result as { rows: TRawRow[] }).rows);

let cursorSequence = 0;
const cursorName = () => sql.identifier(`zaryad_export_${(cursorSequence = (cursorSequence + 1) % 1_000_000)}`);

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/**
 * PostgreSQL: the cursor lives in a read-only transaction, run by Drizzle's `transaction` callback; each `read` asks
 * the callback for one more batch. Returning from the callback commits (nothing was written), a failure rolls back,
 * and either way the connection goes back to the pool.
 */
const transactionCursor = (db: Database, query: SQLWrapper, batchRows: number): BatchReader => {
  const name = cursorName();
  const asks: Deferred<Batch>[] = [];
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
        await tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
        for (;;) {
          const ask = await nextAsk();
          if (!ask) {
            return;
          }
          try {
            const rows = rowsOf(await tx.execute(sql`fetch ${sql.raw(String(batchRows))} from ${name}`));
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
        ? Promise.reject(failure instanceof Error ? failure : new Error(String(failure)))
        : new Promise<Batch>((resolve, reject) => {
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
const holdCursor = (db: Database, query: SQLWrapper, batchRows: number): BatchReader => {
  const name = cursorName();
  let declared: Promise<void> | undefined;
  let isClosed = false;
  return {
    async read() {
      // Drizzle's query promises run again each time they are awaited: declare once, remember the outcome.
      declared ??= (async () => {
        await db.execute(sql`declare ${name} no scroll cursor with hold for ${query}`);
      })();
      await declared;
      return rowsOf(await db.execute(sql`fetch ${sql.raw(String(batchRows))} from ${name}`));
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

/** Every value as PostgreSQL's text: no Date, bigint or numeric parsing, which the cells below read from text anyway. */
const TEXT_VALUES = { getTypeParser: () => (value: string) => value };

const QUERY_DIALECT = new PgDialect();

/**
 * PostgreSQL, on one connection taken from the pool for the whole export: a read-only transaction holding a cursor,
 * fetched with node-postgres directly and every value as text. Drizzle's `execute` parses each row's timestamps and
 * big integers and maps it again; the cells only want the text. The session's zone is set to Bishkek's fixed +06 for
 * the transaction, so a timestamptz arrives already as Bishkek's wall time (`2026-11-23 14:05:09.123+06`) and its
 * cell is a slice of it (`bishkekDateTime`). The filters' instants are bound as absolute values, so the zone changes no
 * row the select picks.
 */
const poolCursor = (pool: pg.Pool, query: SQLWrapper, batchRows: number): BatchReader => {
  const { sql: text, params } = QUERY_DIALECT.sqlToQuery(query.getSQL());
  const name = `zaryad_export_${(cursorSequence = (cursorSequence + 1) % 1_000_000)}`;
  const fetch = `fetch ${batchRows} from ${name}`;
  let opened: Promise<pg.PoolClient> | undefined;
  let closed: Promise<void> | undefined;
  const open = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin read only');
      // An export reads every row: plan for all of them (hash joins, one sort), not for the first ones.
      await client.query('set local cursor_tuple_fraction = 1');
      await client.query(`set local time zone interval '+06:00' hour to minute`);
      await client.query(`declare ${name} no scroll cursor for ${text}`, params);
    } catch (error) {
      client.release(true);
      throw error;
    }
    return client;
  };
  // The next batch is asked for as soon as one arrives, so that PostgreSQL reads and sends it while this process
  // formats the current one (two processes, two cores); never more than one batch ahead, so back-pressure holds.
  let next: Promise<pg.QueryArrayResult<string[]>> | undefined;
  const fetchBatch = (client: pg.PoolClient) => {
    const batch = client.query<string[]>({ text: fetch, rowMode: 'array', types: TEXT_VALUES });
    // Handled where it is awaited; this only keeps an abandoned prefetch (the client went away) from being unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  return {
    async read(): Promise<Batch> {
      if (closed) {
        return objectBatch([]);
      }
      opened ??= open();
      const client = await opened;
      const result = await (next ?? fetchBatch(client));
      next = result.rows.length === batchRows && !closed ? fetchBatch(client) : undefined;
      // One row object, refilled from each fetched array: rows arrive as arrays (no object per row to build and
      // collect), the columns read them by their keys.
      const keys = result.fields.map((field) => field.name);
      const view: Record<string, string | null> = Object.fromEntries(keys.map((key) => [key, null]));
      const { rows } = result;
      return {
        length: rows.length,
        at(index) {
          const values = rows[index]!;
          for (let column = 0; column < keys.length; column++) {
            view[keys[column]!] = values[column]!;
          }
          return view;
        },
      };
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

const openCursor = (database: Pick<DatabaseHandle, 'db' | 'kind' | 'pool'>, query: SQLWrapper, batchRows: number) => {
  if (database.kind === 'pglite') {
    return holdCursor(database.db, query, batchRows);
  }
  return database.pool ? poolCursor(database.pool, query, batchRows) : transactionCursor(database.db, query, batchRows);
};

// ---------------------------------------------------------------------------------------------------------------------
// Writers

/** Turns batches of fetched rows into bytes: csv text, or rows committed to the xlsx writer. */
interface ExportWriter {
  /** The stream the reply sends. */
  output: Readable;
  /** Writes one batch (formatting it at once, so that a failing value throws here). */
  add(rows: Batch): void;
  /** Resolves when the reply has taken enough of what was added to ask for more. */
  drained(): Promise<void>;
  end(): Promise<void>;
}

/**
 * Formats a batch into one string. The per-kind branch is chosen once per column, not per cell; money, integers and
 * datetimes never need quoting (digits, dashes, colons and a space), text goes through `csvCell`'s formula guard.
 */
const csvBatch = (columns: readonly ExportColumn<TRawRow>[]) => {
  const cells = columns.map((column): ((row: TRawRow) => string) => {
    const { value, kind } = column;
    if (kind === 'text') {
      return (row) => {
        const cell = value(row);
        return cell === null || cell === undefined ? '' : csvCell(typeof cell === 'number' ? cell : String(cell));
      };
    }
    return (row) => textOf(kind, value(row));
  });
  const last = cells.length - 1;
  return (rows: Batch) => {
    let text = '';
    for (let index = 0; index < rows.length; index++) {
      const row = rows.at(index);
      for (let cell = 0; cell < last; cell++) {
        text += `${cells[cell]!(row)},`;
      }
      text += `${cells[last]!(row)}\r\n`;
    }
    return text;
  };
};

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

const csvWriter = (
  columns: readonly ExportColumn<TRawRow>[],
  language: TLanguage,
  onDestroy: () => void,
): ExportWriter => {
  const output = new PullStream(onDestroy);
  const format = csvBatch(columns);
  // Excel reads a UTF-8 file as UTF-8 only with the byte order mark.
  output.push(`\ufeff${columns.map((column) => csvCell(column.header[language])).join(',')}\r\n`);
  let pushed = true;
  return {
    output,
    add(rows) {
      pushed = output.push(format(rows));
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
const ZIP_INPUT_LIMIT = 4 * 2 ** 20;

/** A number cell's text: the exact decimal (`1500.00`, `-3`), which is an xsd:double as it is. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** The part of ExcelJS's streaming writers used here beyond their typings (exceljs 4: stream/xlsx/*-writer.js). */
interface ExcelJsInternals {
  styles: { addStyleModel(model: Partial<ExcelJS.Style>, cellType: number): number };
}
interface SheetStream {
  /** ExcelJS's StreamBuf: `pipes` are where it writes once archiver reads it, `buffers` what it holds until then. */
  stream: {
    write(chunk: string): boolean;
    pipes?: (NodeJS.EventEmitter & { _writableState?: { length: number } })[];
    buffers?: unknown[];
  };
}

/**
 * xlsx through ExcelJS's streaming WorkbookWriter: it writes the package (workbook, styles, column widths, the bold
 * header row) and zips it; the data rows' XML is written here, a batch at a time, straight into the sheet's part.
 * Measured with 1,000,000 statement rows (README of this folder), ExcelJS's per-row path (a Row and Cell objects per
 * value, a style model rendered and looked up per styled cell, its XML writer per attribute) spent over 80% of the
 * export's time and missed 30 s several times over; the rows written here are the same XML it writes (`<c r="A2"
 * t="str"><v>…</v></c>` for text, `<c r="F2" s="1"><v>1500.00</v></c>` for money), in one string per batch. Deflate
 * runs at level 1: the sheet is repetitive XML, and higher levels cost several times the CPU for a few percent.
 */
const xlsxWriter = (
  columns: readonly ExportColumn<TRawRow>[],
  language: TLanguage,
  sheetName: string,
  onDestroy: () => void,
): ExportWriter => {
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
  const cells = columns.map((column, index): ((row: TRawRow, rowNumber: number) => string) => {
    const { value, kind } = column;
    const letters = columnLetters(index);
    if (kind === 'money' || kind === 'integer' || kind === 'decimal') {
      // The exact decimal text is the cell's stored value: never through arithmetic.
      const style = kind === 'money' ? ` s="${moneyStyleId}"` : '';
      return (row, number) => {
        const text = textOf(kind, value(row));
        if (text === '') {
          return '';
        }
        if (!NUMBER_TEXT.test(text)) {
          throw new Error(`not a number: ${text}`);
        }
        return `<c r="${letters}${number}"${style}><v>${text}</v></c>`;
      };
    }
    return (row, number) => {
      const text = textOf(kind, value(row));
      return text === '' ? '' : `<c r="${letters}${number}" t="str"><v>${xmlText(text)}</v></c>`;
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
    add(rows) {
      let xml = '';
      for (let index = 0; index < rows.length; index++) {
        const row = rows.at(index);
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (const cell of cells) {
          xml += cell(row, rowNumber);
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

export interface ExportOptions<TSelection extends ExportSelection> {
  /** The open database (`app.database`): its kind picks the cursor (see the top of this file). */
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'pool'>;
  format: TExportFormat;
  language: TLanguage;
  /** The file's entity, `users` in `users_2026-11-23.xlsx`; ASCII. */
  entity: string;
  /** The xlsx sheet's name in each language. */
  sheet: Readonly<Record<TLanguage, string>>;
  /** What to read: each key becomes a field of the fetched row. */
  selection: TSelection;
  /** The list's select over the given fields, with its filters and order: `(fields) => db.select(fields).from(…)…`. */
  query: (fields: Record<string, SQL.Aliased>) => SQLWrapper;
  columns: readonly ExportColumn<TFetchedRow<TSelection>>[];
  batchRows?: number;
}

/**
 * Streams the export as the reply. The first batch is read before anything is sent, so that a failing query answers
 * the usual error; a failure after it (a later batch, a value) destroys the reply's socket.
 */
export const sendExport = async <TSelection extends ExportSelection>(
  reply: FastifyReply,
  options: ExportOptions<TSelection>,
): Promise<FastifyReply> => {
  const { format, language } = options;
  // The fetched rows are keyed as the selection is (aliasedSelection); the columns read them through its type.
  const columns = options.columns as unknown as readonly ExportColumn<TRawRow>[];
  const cursor = openCursor(
    options.database,
    options.query(aliasedSelection(options.selection)),
    options.batchRows ?? EXPORT_BATCH_ROWS,
  );
  const close = () => {
    cursor.close().catch(() => undefined);
  };
  let writer: ExportWriter;
  let first: Batch;
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
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', attachmentDisposition(exportFileName(options.entity, format), `export.${format}`))
    .header('cache-control', 'no-store')
    .send(writer.output);
};
