import { Readable } from 'node:stream';

/**
 * csv as every file of the product writes it, and as PostgreSQL's `COPY … (FORMAT csv)` writes the exports
 * (`export/csv.ts`): UTF-8 after a byte order mark (spreadsheet programs read Cyrillic right only with it), cells separated
 * by commas, quoted only when they hold a comma, a quote or a line break, lines ended by LF.
 */
export type TCsvCell = string | number;

/** A cell's text as it goes into the file: quoted, its quotes doubled, when it holds a separator, quote or line break. */
export const csvQuoted = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A text starting with one of these runs as a formula when the file is opened in a spreadsheet (CSV injection): it
 * is written after a `'` (OWASP). `export/query.ts` writes the same rule in SQL for `COPY`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A free text with formula starts defused (a minus before a digit too). */
export const defused = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** One cell: a number as it is, a text defused and quoted as needed. */
export const csvCell = (value: TCsvCell) => (typeof value === 'number' ? String(value) : csvQuoted(defused(value)));

export const csvLine = (cells: readonly TCsvCell[]) => `${cells.map(csvCell).join(',')}\n`;

/** A whole file streamed line by line from rows that may themselves be read lazily: constant memory whatever the size. */
export const csvStream = (rows: Iterable<readonly TCsvCell[]> | AsyncIterable<readonly TCsvCell[]>): Readable => {
  const lines = async function* () {
    yield '\ufeff';
    for await (const row of rows) {
      yield csvLine(row);
    }
  };
  return Readable.from(lines());
};
