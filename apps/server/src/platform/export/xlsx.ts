/**
 * xlsx through ExcelJS's streaming WorkbookWriter, by its public API only: a row added and committed at a time, so
 * the workbook is never held whole. Tuned for speed (1,000,000 rows in the time docs/product/common.md allows):
 * - shared strings off (they would keep every text in memory), deflate at level 1 (the sheet is repetitive XML, and
 *   higher levels cost several times the CPU for a few percent);
 * - every cell is given one of two shared style objects (none, or money's `0.00`): ExcelJS remembers the id of a
 *   style object it has seen, where a cell's own fresh style would be rendered and looked up each time.
 * Numbers and money arrive as exact decimal text (`1500.00`) and are written as numbers; empty texts as no cell.
 */
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { TCellKind } from './columns';
import type { TBatch } from './cursor';
import type { ExportWriter, WriterOptions } from './writer';

const PLAIN: Partial<ExcelJS.Style> = {};
const MONEY: Partial<ExcelJS.Style> = { numFmt: '0.00' };
const BOLD: Partial<ExcelJS.Style> = { font: { bold: true } };
const BOLD_MONEY: Partial<ExcelJS.Style> = { ...MONEY, ...BOLD };

/** Rows written between two turns of the event loop, so that other requests are served meanwhile. */
const ROWS_PER_TURN = 250;

const numberOf = (text: string) => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) {
    throw new Error(`not a number: ${text}`);
  }
  return value;
};

/** A cell's value; an empty one is `undefined`, for which ExcelJS makes no cell. */
const valueOf = (kind: TCellKind) =>
  kind === 'text'
    ? (text: string | null) => (text === null || text === '' ? undefined : text)
    : (text: string | null) => (text === null ? undefined : numberOf(text));

export const xlsxWriter = ({ columns, language, sheet: sheetName }: WriterOptions): ExportWriter => {
  // The zip's output, counted as it passes: the only sign of the zip's progress that ExcelJS's public API gives.
  let zipChunks = 0;
  const output = new Transform({
    transform(chunk, _encoding, done) {
      zipChunks += 1;
      done(null, chunk);
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({ width: column.width ?? 16 }));
  const values = columns.map((column) => valueOf(column.kind));
  const styles = columns.map((column) => (column.kind === 'money' ? MONEY : PLAIN));
  const boldStyles = columns.map((column) => (column.kind === 'money' ? BOLD_MONEY : BOLD));

  const addRow = (cells: (string | number | undefined)[], isBold = false) => {
    const row = sheet.addRow(cells);
    const rowStyles = isBold ? boldStyles : styles;
    row.eachCell((cell, number) => {
      cell.style = rowStyles[number - 1] ?? PLAIN;
    });
    row.commit();
  };
  const addRows = (rows: TBatch, isBold = false) => {
    for (const row of rows) {
      addRow(
        values.map((value, index) => value(row[index] ?? null)),
        isBold,
      );
    }
  };
  addRow(
    columns.map((column) => column.header[language]),
    true,
  );

  /**
   * Waits until the zip has caught up and the reply has taken its output. ExcelJS writes the sheet into the zip's
   * deflate without back-pressure (its writes are always accepted), and the deflate runs a chunk per turn of the event
   * loop: without waiting, 1,000,000 rows sat in memory as 470 MB of XML. So after each batch the writer waits until
   * the zip's output has been quiet for a millisecond (the deflate has nothing left), and while the reply is full.
   */
  const drained = async () => {
    for (let before = -1; !output.destroyed && (output.writableNeedDrain || before !== zipChunks);) {
      if (output.writableNeedDrain) {
        await Promise.race([once(output, 'drain'), once(output, 'close')]);
      }
      before = zipChunks;
      await sleep(1);
    }
  };

  return {
    output,
    async write(rows) {
      for (let from = 0; from < rows.length && !output.destroyed; from += ROWS_PER_TURN) {
        addRows(rows.slice(from, from + ROWS_PER_TURN));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await drained();
    },
    async end(totals = []) {
      addRows(totals, true);
      sheet.commit();
      await workbook.commit();
    },
  };
};
