import { Readable } from 'node:stream';

export type TCsvCell = string | number;

// A cell starting with = + - @ would run as a formula when the file is opened in a spreadsheet.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts defused (negative numbers kept), quoted when it holds a separator, quote or line break. */
export const csvCell = (value: TCsvCell) => {
  if (typeof value === 'number') {
    return String(value);
  }
  const safe = FORMULA_START.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (cells: readonly TCsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * UTF-8 CSV with a byte order mark so that spreadsheet programs read Cyrillic correctly, streamed line by line from
 * rows that may themselves be read lazily (a database cursor): constant memory whatever the size.
 */
export const csvStream = (rows: Iterable<readonly TCsvCell[]> | AsyncIterable<readonly TCsvCell[]>): Readable => {
  const lines = async function* () {
    yield '\ufeff';
    for await (const row of rows) {
      yield csvLine(row);
    }
  };
  return Readable.from(lines());
};
