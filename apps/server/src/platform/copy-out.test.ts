/**
 * CopyOutStream against PostgreSQL's COPY protocol as bytes, cut into chunks of every size from 1 byte: the rows come
 * out whole and in order, and what follows the copy (or an error) reaches node-postgres's own reader intact. The
 * exports' tests run it against the database itself (export.test.ts, users.export.test.ts on PostgreSQL).
 */
import { PassThrough } from 'node:stream';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CopyOutStream } from './copy-out';

const message = (code: string, payload: Buffer | string = Buffer.alloc(0)) => {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const header = Buffer.alloc(5);
  header.write(code, 0, 'latin1');
  header.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};

const ROWS = ['<row r="2"><c r="A2" t="str"><v>Айгерим</v></c></row>\n', '<row r="3"></row>\n', 'x\n'];

/** CopyOutResponse, the rows with a notice among them, then `end` (CopyDone and what follows, or an error). */
const copyBytes = (end: Buffer) =>
  Buffer.concat([
    message('H', Buffer.from([0, 0, 1, 0, 0])),
    message('d', ROWS[0]),
    message('N', 'SNOTICE\0Mslow\0\0'),
    message('d', ROWS[1]),
    message('d', ROWS[2]),
    end,
  ]);

const AFTER_COPY = Buffer.concat([message('C', 'COPY 3\0'), message('Z', 'I')]);
const ERROR = Buffer.concat([message('E', 'SERROR\0C22012\0Mdivision by zero\0\0'), message('Z', 'I')]);

/** A node-postgres connection as CopyOutStream sees it: its socket, read by pg's own 'data' handler until submit. */
const run = async (bytes: Buffer, chunkSize: number, onPgBytes?: (received: Buffer, copy: CopyOutStream) => void) => {
  const socket = new PassThrough();
  const pgReceived: Buffer[] = [];
  const copy = new CopyOutStream('copy (select 1) to stdout');
  socket.on('data', (chunk: Buffer) => {
    pgReceived.push(chunk);
    onPgBytes?.(Buffer.concat(pgReceived), copy);
  });
  const queries: string[] = [];
  copy.submit({ stream: socket, query: (text: string) => queries.push(text) } as unknown as pg.Connection);
  for (let at = 0; at < bytes.length; at += chunkSize) {
    socket.write(bytes.subarray(at, at + chunkSize));
  }
  const rows: Buffer[] = [];
  const outcome = await new Promise<Error | undefined>((resolve) => {
    copy.on('data', (chunk: Buffer) => rows.push(chunk));
    copy.once('end', () => resolve(undefined));
    copy.once('error', resolve);
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { queries, rows: Buffer.concat(rows).toString(), pgBytes: Buffer.concat(pgReceived), outcome };
};

describe('CopyOutStream', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 11, 64, 4096])(
    'gives the rows whole and hands what follows the copy to node-postgres, in chunks of %i bytes',
    async (chunkSize) => {
      const result = await run(copyBytes(Buffer.concat([message('c'), AFTER_COPY])), chunkSize);
      expect(result.queries).toEqual(['copy (select 1) to stdout']);
      expect(result.outcome).toBeUndefined();
      expect(result.rows).toBe(ROWS.join(''));
      expect(result.pgBytes.equals(AFTER_COPY)).toBe(true);
    },
  );

  it.each([1, 3, 5, 4096])(
    'hands an error in the middle of the copy to node-postgres from its first byte, in chunks of %i bytes',
    async (chunkSize) => {
      let isTold = false;
      const { outcome, pgBytes, rows } = await run(copyBytes(ERROR), chunkSize, (received, copy) => {
        // node-postgres, once it has read the whole ErrorResponse, tells the query.
        if (!isTold && received.length >= ERROR.length - 6) {
          isTold = true;
          copy.handleError(new Error('division by zero'));
        }
      });
      expect(outcome?.message ?? '').toBe('division by zero');
      expect(pgBytes.equals(ERROR)).toBe(true);
      expect(ROWS.join('').startsWith(rows)).toBe(true);
    },
  );
});
