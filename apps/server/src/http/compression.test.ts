import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { numberCell, sendExport, textCell } from '../platform/export';
import { buildAccount, signIn } from '../test/builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { compression } from './compression';
import { errors } from './errors';
import { i18n } from './i18n';

let ctx: TestContext;
let headers: { authorization: string };
let exportApp: FastifyInstance;
let exportUrl: string;

/** The csv export of generate_series rows, through the app's compression plugin, on a real socket. */
const buildExportApp = async (database: DatabaseHandle) => {
  const app = Fastify({ logger: false });
  await app.register(i18n);
  await app.register(errors);
  await app.register(compression);
  // Hex digests compress about 2:1 only: the compressed download is larger than the socket buffers can hold, so a
  // client that stops reading stops the export.
  app.get<{ Querystring: { rows: string } }>('/export', async (request, reply) =>
    sendExport(reply, {
      database,
      format: 'csv',
      language: 'ru',
      entity: 'rows',
      sheet: { ru: 'Строки', en: 'Rows', ky: 'Саптар' },
      query: (fields) =>
        sql`select ${sql.join(
          Object.entries(fields).map(([key, field]) => sql`${field.getSQL()} as ${sql.identifier(key)}`),
          sql`, `,
        )} from generate_series(1, ${Number(request.query.rows)}::int) g order by g`,
      columns: [
        { header: { ru: 'Номер', en: 'Number', ky: 'Номери' }, ...numberCell(sql`g`) },
        { header: { ru: 'Текст', en: 'Text', ky: 'Текст' }, ...textCell(sql`md5(g::text) || md5((g + 1)::text)`) },
      ],
      batchRows: 500,
    }),
  );
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
};

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
  ({ app: exportApp, url: exportUrl } = await buildExportApp(ctx.database));
});
afterAll(async () => {
  await exportApp.close();
  await ctx.close();
});

/**
 * The exports still reading: on PGlite a cursor in this very session (pg_cursors); on PostgreSQL the csv export is a
 * `COPY … TO STDOUT` on its own pooled connection, seen in pg_stat_activity until the reply has taken all of it (running,
 * or done and idle in its transaction while what it wrote waits in the socket buffers).
 */
const openCursors = async () => {
  const result = await ctx.database.db.execute(
    sql`select (select count(*) from pg_cursors where name like 'zaryad_export_%')
             + (select count(*) from pg_stat_activity
                where pid <> pg_backend_pid() and state <> 'idle' and query like 'copy (%')
             as open`,
  );
  return Number((result as unknown as { rows: { open: number | string }[] }).rows[0]?.open);
};

describe('compression', () => {
  it('compresses JSON answers over 1 KB with br or gzip, as the client accepts', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/openapi.json',
        headers: { 'accept-encoding': accept },
      });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      const document = JSON.parse(decode(answer.rawPayload).toString('utf8')) as { openapi: string };
      expect(document.openapi).toBe('3.1.0');
      expect(answer.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);
    }
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/sessions/',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a csv export as it streams: its cursor stays open while the client reads slowly', async () => {
    const rows = 200_000;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(`${exportUrl}/export?rows=${rows}`, { headers: { 'accept-encoding': 'gzip' } }, resolve)
        .on('error', reject)
        .end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    // One listener from the first chunk on, paused inside it: a flowing stream can emit several buffered chunks in
    // one go, and any emitted between a `once` listener and a later `on` would be lost (a gzip stream with a hole).
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 1) {
          response.pause();
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing read for a while: the export waits for the client rather than building the file in memory.
    expect(await openCursors()).toBe(1);
    response.resume();
    await new Promise((resolve) => response.once('end', resolve));
    expect(chunks.length).toBeGreaterThan(2);
    const lines = gunzipSync(Buffer.concat(chunks)).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(rows + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^${rows},[0-9a-f]{64}$`));
    await expect.poll(openCursors).toBe(0);
  });
});
