import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { errors } from '../../http/errors';
import { i18n } from '../../http/i18n';
import { createTestDatabase } from '../../test/test-database';
import { parseCsv } from '../../test/csv';
import {
  attachmentDisposition,
  dateCell,
  dateTimeCell,
  type ExportColumn,
  exportFileName,
  inlineParameters,
  moneyCell,
  numberCell,
  sendExport,
  textCell,
} from '.';

let database: DatabaseHandle;
let app: FastifyInstance;
let baseUrl: string;

/**
 * Rows 1..n of generated data: every kind of cell, with formula-like texts, negatives and nulls; `failAt` makes the
 * number's text fail (a division by zero) at that row, which the database meets only when it writes that row.
 */
const columns = (failAt?: number): ExportColumn[] => [
  {
    header: { ru: 'Номер', en: 'Number', ky: 'Номери' },
    ...numberCell(sql`g`),
    // The text is written row by row as the rows stream out: a failure there comes after the first bytes.
    text: (g) => (failAt === undefined ? sql`${g}::text` : sql`(${g} + 0 / (${g} - ${failAt}::int))::text`),
  },
  {
    header: { ru: 'Текст', en: 'Text', ky: 'Текст' },
    ...textCell(
      sql`case when g = 2 then '=SUM(A1)' when g = 3 then 'Жаңы, "ак"' when g = 4 then '-1+1+HYPERLINK("http://evil.example","x")' when g = 5 then '' when g = 6 then e'две\nстроки' when g = 7 then 'a<b>&''c' || chr(1) || 'd' else 'строка ' || g end`,
    ),
  },
  {
    header: { ru: 'Сумма', en: 'Amount', ky: 'Сумма' },
    ...moneyCell(sql`case when g % 2 = 0 then -1 else 1 end * g * 101`),
  },
  {
    header: { ru: 'Время', en: 'Time', ky: 'Убакыт' },
    ...dateTimeCell(sql`timestamptz '2026-11-23 18:30:05.9+00' + g * interval '1 second'`),
  },
  {
    header: { ru: 'День', en: 'Day', ky: 'Күн' },
    ...dateCell(sql`case when g = 1 then null else date '2026-01-31' end`),
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({ logger: false });
  await app.register(i18n);
  await app.register(errors);
  app.get<{ Querystring: { format: 'csv' | 'xlsx'; rows: string; failAt?: string; broken?: string } }>(
    '/export',
    async (request, reply) =>
      sendExport(reply, {
        database,
        format: request.query.format,
        language: request.language,
        entity: 'rows',
        sheet: { ru: 'Строки', en: 'Rows', ky: 'Саптар' },
        // A select written by hand names its fields itself (Drizzle's select builder does it with the given fields).
        query: (fields) =>
          sql`select ${sql.join(
            Object.entries(fields).map(([key, field]) => sql`${field.getSQL()} as ${sql.identifier(key)}`),
            sql`, `,
          )}
              from generate_series(1, ${Number(request.query.rows)}::int) g
              where ${request.query.broken ? sql`1 / (g - g) = 1` : sql`g > ${-1}`}
              order by g`,
        columns: columns(request.query.failAt === undefined ? undefined : Number(request.query.failAt)),
        batchRows: 100,
      }),
  );
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const openCursors = async () => {
  // The protocol's own portal of this very query is listed too: count the exports' cursors only.
  const result = await database.db.execute(
    sql`select count(*)::int as open from pg_cursors where name like 'zaryad_export_%'`,
  );
  return Number((result as unknown as { rows: { open: number }[] }).rows[0]?.open);
};

describe('sendExport', () => {
  it('writes csv with a BOM, the headers in the language, exact money, Bishkek times and defused formulas', async () => {
    const response = await app.inject({ url: '/export?format=csv&rows=250', headers: { 'accept-language': 'ky' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rows_\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''rows_/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Written as COPY writes csv (on PostgreSQL it is COPY): LF line ends, quotes only where needed.
    expect(response.body.split('\n').slice(0, 3)).toEqual([
      '\ufeffНомери,Текст,Сумма,Убакыт,Күн',
      '1,строка 1,1.01,2026-11-24 00:30:06,',
      "2,'=SUM(A1),-2.02,2026-11-24 00:30:07,2026-01-31",
    ]);
    expect(response.body).toContain('\n3,"Жаңы, ""ак""",3.03,');
    const lines = parseCsv(response.body);
    expect(lines).toHaveLength(251);
    expect(lines[0]).toEqual(['Номери', 'Текст', 'Сумма', 'Убакыт', 'Күн']);
    expect(lines[3]).toEqual(['3', 'Жаңы, "ак"', '3.03', '2026-11-24 00:30:08', '2026-01-31']);
    // Every text starting with a formula character is defused, a minus followed by a digit included.
    expect(lines[4]).toEqual([
      '4',
      `'-1+1+HYPERLINK("http://evil.example","x")`,
      '-4.04',
      '2026-11-24 00:30:09',
      '2026-01-31',
    ]);
    expect(lines[5]).toEqual(['5', '', '5.05', '2026-11-24 00:30:10', '2026-01-31']);
    expect(lines[6]).toEqual(['6', 'две\nстроки', '-6.06', '2026-11-24 00:30:11', '2026-01-31']);
    expect(lines[7]?.[1]).toBe("a<b>&'c\u0001d");
    expect(lines[250]).toEqual(['250', 'строка 250', '-252.50', '2026-11-24 00:34:15', '2026-01-31']);
    expect(await openCursors()).toBe(0);
  });

  it('writes xlsx with the headers, money as numbers shown with 2 decimals, and every row', async () => {
    const response = await app.inject({ url: '/export?format=xlsx&rows=250', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="rows_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Rows');
    expect(sheet?.rowCount).toBe(251);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Number', 'Text', 'Amount', 'Time', 'Day']);
    const second = sheet?.getRow(3);
    expect(second?.getCell(1).value).toBe(2);
    expect(second?.getCell(2).value).toBe('=SUM(A1)');
    expect(second?.getCell(3).value).toBe(-2.02);
    expect(second?.getCell(3).numFmt).toBe('0.00');
    expect(second?.getCell(4).value).toBe('2026-11-24 00:30:07');
    expect(sheet?.getRow(5).getCell(2).value).toBe('-1+1+HYPERLINK("http://evil.example","x")');
    expect(sheet?.getRow(6).getCell(2).value).toBeNull();
    // XML's specials escaped, a control character (which XML cannot hold) dropped, a line break kept.
    expect(sheet?.getRow(4).getCell(2).value).toBe('Жаңы, "ак"');
    expect(sheet?.getRow(7).getCell(2).value).toBe('две\nстроки');
    expect(sheet?.getRow(8).getCell(2).value).toBe("a<b>&'cd");
    expect(sheet?.getRow(2).getCell(5).value).toBeNull();
    expect(sheet?.getRow(251).getCell(3).value).toBe(-252.5);
    expect(await openCursors()).toBe(0);
  });

  it('answers an empty export with the headers only', async () => {
    const response = await app.inject({ url: '/export?format=csv&rows=0', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\ufeffNumber,Text,Amount,Time,Day\n');
  });

  it('answers a translated error when the query fails before the first byte, and closes the cursor', async () => {
    const response = await app.inject({
      url: '/export?format=csv&rows=10&broken=1',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(await openCursors()).toBe(0);
  });

  it('answers a translated error when a value of the first batch fails', async () => {
    const response = await app.inject({ url: '/export?format=xlsx&rows=10&failAt=5' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`aborts the ${format} download when a value fails after the first batches`, async () => {
      // The headers may or may not reach the client before the socket goes: either way the download fails.
      const download = fetch(`${baseUrl}/export?format=${format}&rows=20000&failAt=15000`).then((response) => {
        expect(response.status).toBe(200);
        return response.arrayBuffer();
      });
      await expect(download).rejects.toThrow();
      await expect.poll(openCursors).toBe(0);
    });
  }
});

describe('inlineParameters', () => {
  it('writes each parameter as the literal node-postgres would send, and leaves quoted text alone', () => {
    const params = ["O'Brien \\ x", -5, '2026-01-02', [1, 2], null, 6, 7, 8, 9, true];
    expect(
      inlineParameters(`select $1, '$1', "$2", $2, $10 from t where a = $3 and b = any($4) and c = $5`, params),
    ).toBe(
      `select  E'O''Brien \\\\ x', '$1', "$2", '-5', 'true' from t where a = '2026-01-02' and b = any('{"1","2"}') and c = null`,
    );
    expect(() => inlineParameters('select $2', [1])).toThrow();
  });
});

describe('file names', () => {
  it('names the entity and the Bishkek day', () => {
    expect(exportFileName('users', 'xlsx', new Date('2026-11-23T19:00:00Z'))).toBe('users_2026-11-24.xlsx');
    expect(exportFileName('a/b:c', 'csv', new Date('2026-11-23T10:00:00Z'))).toBe('a b c_2026-11-23.csv');
  });

  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('users_2026-11-23.csv', 'x.csv')).toBe(
      `attachment; filename="users_2026-11-23.csv"; filename*=UTF-8''users_2026-11-23.csv`,
    );
    expect(attachmentDisposition('Станция_2026.csv', 'merchant-1.csv')).toBe(
      `attachment; filename="merchant-1.csv"; filename*=UTF-8''${encodeURIComponent('Станция_2026.csv')}`,
    );
  });
});
