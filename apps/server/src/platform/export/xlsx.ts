/**
 * xlsx: the sheet's XML (spreadsheetml.ts) streamed into a zip by zip-stream's public API, with back-pressure from the
 * reply back to the cursor: a batch's rows are pushed into the sheet's entry, which zip-stream pipes through its CRC
 * and Node's deflate (run on libuv's threads, beside the event loop) to the reply; the next batch is read only when
 * they have taken it. Deflate at level 1: the sheet is repetitive XML, and higher levels cost several times the CPU
 * for a few percent. Measured against yazl and fflate in docs/benchmarks.md#8-exports.
 */
import { PassThrough, pipeline } from 'node:stream';
import type ZipStream from 'zip-stream';
import { packageParts, SHEET_PART, SHEET_TAIL, sheetHead, sheetRows } from './spreadsheetml';
import { type ExportWriter, PullStream, type WriterOptions } from './writer';

/** Adds an entry to the zip; resolves when it is written whole (zip-stream takes one entry at a time). */
const addEntry = (zip: ZipStream, source: string | PullStream, name: string) =>
  new Promise<void>((resolve, reject) => {
    zip.entry(source, { name }, (error) => (error ? reject(error) : resolve()));
  });

/** zip-stream loads with the first xlsx, not at the server's start (docs/benchmarks.md, section 2). */
let zipStream: Promise<typeof ZipStream> | undefined;

export const xlsxWriter = ({ columns, language, sheet }: WriterOptions): ExportWriter => {
  const output = new PassThrough();
  const sheetXml = new PullStream();
  output.on('close', () => sheetXml.destroy());
  const rows = sheetRows(columns);
  const written = (async () => {
    const Zip = await (zipStream ??= import('zip-stream').then((loaded) => loaded.default));
    const zip = new Zip({ zlib: { level: 1 } });
    // A failing zip destroys the reply, and a reply gone (the client left, or the zip failed) ends the sheet's stream,
    // which releases a writer waiting for it to be read.
    pipeline(zip, output, () => undefined);
    for (const [name, xml] of packageParts(sheet)) {
      await addEntry(zip, xml, name);
    }
    await addEntry(zip, sheetXml, SHEET_PART);
    zip.finalize();
  })();
  written.catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  sheetXml.push(
    sheetHead(
      columns,
      columns.map((column) => column.header[language]),
    ),
  );
  return {
    output,
    write: (texts) => sheetXml.send(...rows(texts)),
    async end(totals = []) {
      await sheetXml.send(...rows(totals, true), SHEET_TAIL, null);
    },
  };
};
