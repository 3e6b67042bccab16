/**
 * An export as the HTTP reply: one cursor feeding the format's writer, with back-pressure (csv on PostgreSQL: `COPY`).
 * A failure before the first byte answers the usual error; after it the stream is destroyed, so the download fails
 * visibly rather than as a truncated file presented as complete.
 */
import type { Readable } from 'node:stream';
import type { TLanguage, TPermission } from '@zaryad/contracts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Metrics } from '../metrics';
import { bishkekToday } from '../bishkek-time';
import { EXPORT_NOTE, exportResponses } from '../route-schemas';
import type { ExportColumn, SheetColumn } from './columns';
import { type BatchReader, type ExportDatabase, openCursor, type TBatch, toError } from './cursor';
import { copyCsv, csvHeader, csvWriter } from './csv';
import { exportSelect, valueFields } from './query';
import type { ExportWriter, WriterOptions } from './writer';
import { xlsxWriter } from './xlsx';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<TExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

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

const writerFor = (format: TExportFormat, options: WriterOptions): ExportWriter =>
  format === 'csv' ? csvWriter(options) : xlsxWriter(options);

/** Streams the cursor's batches through the writer; the first batch is read before anything is sent. */
const streamRows = async (cursor: BatchReader, writer: ExportWriter): Promise<Readable> => {
  const { output } = writer;
  let first: TBatch;
  try {
    first = await cursor.read();
  } catch (error) {
    await cursor.close();
    output.destroy();
    throw error;
  }
  output.on('close', () => {
    cursor.close().catch(() => undefined);
  });
  const pump = async () => {
    for (let rows = first; rows.length > 0 && !output.destroyed; rows = await cursor.read()) {
      await writer.write(rows);
    }
    await cursor.close();
    if (!output.destroyed) {
      await writer.end();
    }
  };
  // Fastify destroys the socket when a stream fails after the headers: the download fails visibly.
  pump().catch((error: unknown) => output.destroy(toError(error)));
  return output;
};

type TTableRow = readonly (string | number | null)[];
const asText = (rows: readonly TTableRow[]): TBatch =>
  rows.map((row) => row.map((cell) => (cell === null ? null : String(cell))));

/** A table built in memory (a report) as a file: its rows, then its totals in bold. */
export const tableStream = (
  format: TExportFormat,
  options: WriterOptions & { rows: readonly TTableRow[]; totals: TTableRow },
): Readable => {
  const writer = writerFor(format, options);
  const write = async () => {
    await writer.write(asText(options.rows));
    await writer.end(asText([options.totals]));
  };
  write().catch((error: unknown) => writer.output.destroy(toError(error)));
  return writer.output;
};

export interface ExportOptions {
  /** The open database (`app.database`): its kind picks the cursor (cursor.ts). */
  database: ExportDatabase;
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

/** The reply's headers of a download; the export counts as in progress (platform/metrics.ts) until its reply ends. */
export const sendFile = (reply: FastifyReply, format: TExportFormat, disposition: string, body: Readable) => {
  // A bare Fastify (the export's own tests) has no metrics; every app of buildApp has.
  const inProgress = (reply.server as { metrics?: Metrics }).metrics?.exportsInProgress;
  inProgress?.inc({ format });
  reply.raw.once('close', () => inProgress?.dec({ format }));
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .send(body);
};

/** Streams the export as the reply. */
export const sendExport = async (reply: FastifyReply, options: ExportOptions): Promise<FastifyReply> => {
  const { format, language, columns, database } = options;
  const list = options.query(valueFields(columns));
  const sheetColumns: readonly SheetColumn[] = columns;
  const output =
    format === 'csv' && database.pool
      ? await copyCsv(database.pool, exportSelect(columns, list, true), csvHeader(columns, language))
      : await streamRows(
          openCursor(database, exportSelect(columns, list), options.batchRows),
          writerFor(format, { columns: sheetColumns, language, sheet: options.sheet[language] }),
        );
  return sendFile(
    reply,
    format,
    attachmentDisposition(exportFileName(options.entity, format), `export.${format}`),
    output,
  );
};

/** A list's `GET …/export/`: `format` and the list's filters in the query; `rows` gives the select and columns. */
export const exportRoute = <TQuery extends z.ZodType<{ format: TExportFormat }>>(
  fastify: FastifyInstance,
  route: Pick<ExportOptions, 'entity' | 'sheet'> & {
    path: string;
    permission: TPermission;
    tags: string[];
    /** What the file holds; EXPORT_NOTE follows it. */
    summary: string;
    querystring: TQuery;
    rows: (filters: Omit<z.output<TQuery>, 'format'>, language: TLanguage) => Pick<ExportOptions, 'query' | 'columns'>;
  },
) =>
  fastify.get(
    route.path,
    {
      config: { permission: route.permission },
      schema: {
        tags: route.tags,
        summary: `${route.summary} ${EXPORT_NOTE}`,
        querystring: route.querystring,
        response: exportResponses,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query as z.output<TQuery>;
      const { entity, sheet } = route;
      const { language } = request;
      return sendExport(reply, {
        database: fastify.database,
        format,
        language,
        entity,
        sheet,
        ...route.rows(filters, language),
      });
    },
  );
