/**
 * csv as `platform/csv.ts` writes it, from batches of rows, or on PostgreSQL from `COPY … TO STDOUT (FORMAT csv)`
 * through pg-copy-streams: the database writes the file, and this process only forwards bytes.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { TLanguage } from '@zaryad/contracts';
import type { SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import { csvQuoted, defused } from '../csv';
import type { SheetColumn } from './columns';
import { ISO_DATES, toError } from './cursor';
import { inlineParameters, queryOf } from './query';
import { type ExportWriter, PullStream, type WriterOptions } from './writer';

/** The header line, in the request's language, after Excel's byte order mark (it reads UTF-8 only with it). */
export const csvHeader = (columns: readonly SheetColumn[], language: TLanguage) =>
  `\ufeff${columns.map((column) => csvQuoted(column.header[language])).join(',')}\n`;

/** csv from batches of rows: free text defused, every text quoted as needed, numbers as they are. */
export const csvWriter = ({ columns, language }: WriterOptions): ExportWriter => {
  const output = new PullStream();
  const cells = columns.map((column) =>
    column.kind !== 'text'
      ? (text: string | null) => text ?? ''
      : column.isFreeText
        ? (text: string | null) => (text === null ? '' : csvQuoted(defused(text)))
        : (text: string | null) => (text === null ? '' : csvQuoted(text)),
  );
  const lines = (rows: readonly (readonly (string | null)[])[]) => {
    let text = '';
    for (const row of rows) {
      text += `${cells.map((cell, index) => cell(row[index] ?? null)).join(',')}\n`;
    }
    return text;
  };
  output.push(csvHeader(columns, language));
  return {
    output,
    write: (rows) => output.send(lines(rows)),
    async end(totals = []) {
      if (totals.length > 0) {
        await output.send(lines(totals));
      }
      await output.send(null);
    },
  };
};

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
 * csv on PostgreSQL: the header line, then `COPY (select …) TO STDOUT (FORMAT csv)` in a read-only transaction with
 * ISO dates, on a connection of the pool. Resolves once the first bytes (or the end) have come, so that a failing
 * query fails here, before anything is sent. At the end the transaction is committed and the connection released; if
 * the client goes away first, the connection is dropped, which ends the copy in the database.
 */
export const copyCsv = async (pool: pg.Pool, select: SQLWrapper, header: string): Promise<Readable> => {
  const { sql: text, params } = queryOf(select);
  // pg-copy-streams loads with the first csv copied, on PostgreSQL only (docs/benchmarks.md, section 2).
  const { to: copyTo } = await import('pg-copy-streams');
  const client = await pool.connect();
  let isReleased = false;
  const release = (error?: Error) => {
    if (!isReleased) {
      isReleased = true;
      client.release(error);
    }
  };
  const source = copyTo(`copy (${inlineParameters(text, params)}) to stdout with (format csv)`);
  try {
    await client.query('begin read only');
    await client.query(ISO_DATES);
    client.query(source);
    await firstReadable(source);
  } catch (error) {
    release(toError(error));
    throw error;
  }
  const output = new PassThrough();
  output.write(header);
  source.on('end', () => {
    client.query('commit').then(
      () => release(),
      (error: unknown) => release(toError(error)),
    );
  });
  source.on('error', (error) => {
    release(error);
    output.destroy(error);
  });
  output.on('close', () => {
    if (!source.readableEnded) {
      release(new Error('the export was not read to its end'));
      source.destroy();
    }
  });
  source.pipe(output);
  return output;
};
