/**
 * The xlsx file's XML (SpreadsheetML, ECMA-376 part 1), written directly: the package's fixed parts, and the sheet's
 * rows from the cursor's texts, each cell's XML built once here. Texts are inline strings (no shared-strings table to
 * hold in memory), numbers the database's exact decimal text; styles: 0 plain, 1 money (`0.00`), 2 bold, 3 bold money.
 */
import type { SheetColumn } from './columns';
import type { TRow } from './cursor';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** Excel's limit of characters in a cell (its "Specifications and limits"); a longer text makes it repair the file. */
const CELL_CHARACTERS = 32_767;
/** What XML 1.0 cannot hold (dropped), its specials, `\r` (kept as a reference) and Excel's own `_xHHHH_` escapes. */
// Control characters are exactly what XML 1.0 cannot hold.
// eslint-disable-next-line no-control-regex
const SPECIAL = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff&<>\r]|_(?=x[\da-fA-F]{4}_)/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
  _: '_x005F_',
};

/** Text as a cell's XML text: specials escaped; cut to Excel's limit, never inside a character. */
export const xmlText = (text: string) => {
  const fits =
    text.length <= CELL_CHARACTERS
      ? text
      : text.slice(0, /[\ud800-\udbff]/.test(text.charAt(CELL_CHARACTERS - 1)) ? CELL_CHARACTERS - 1 : CELL_CHARACTERS);
  return fits.replace(SPECIAL, (special) => ESCAPES[special] ?? '');
};

/** An attribute's value: the text's escapes and the double quote. */
const xmlAttribute = (text: string) => xmlText(text).replaceAll('"', '&quot;');

/** `A`, `B`, …, `Z`, `AA`, …: a column's letters from its index. */
const columnLetters = (index: number): string =>
  (index >= 26 ? columnLetters(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** A number as the database writes it (`12`, `-2.02`, `12.345`; JavaScript's `1e+21`): anything else is a bug. */
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;

/** A cell's XML in row `row`; `undefined` when the cell is empty (no cell is written). */
type TCellXml = (text: string | null, row: string) => string | undefined;

/** The `s` attribute of a cell's style (none for style 0). */
const styleOf = (isMoney: boolean, isBold: boolean) => {
  const style = (isMoney ? 1 : 0) + (isBold ? 2 : 0);
  return style === 0 ? '' : ` s="${style}"`;
};

const textCell =
  (letters: string, style: string): TCellXml =>
  (text, row) => {
    if (text === null || text === '') {
      return undefined;
    }
    // Leading or trailing spaces and line breaks are kept only when the XML says so.
    const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';
    return `<c r="${letters}${row}" t="inlineStr"${style}><is><t${space}>${xmlText(text)}</t></is></c>`;
  };

const numberCell =
  (letters: string, style: string): TCellXml =>
  (text, row) => {
    if (text === null) {
      return undefined;
    }
    if (!NUMBER.test(text)) {
      throw new Error(`not a number: ${text}`);
    }
    return `<c r="${letters}${row}"${style}><v>${text}</v></c>`;
  };

const cellsOf = (columns: readonly SheetColumn[], isBold: boolean) =>
  columns.map((column, index) =>
    (column.kind === 'text' ? textCell : numberCell)(columnLetters(index), styleOf(column.kind === 'money', isBold)),
  );

const rowXml = (cells: readonly TCellXml[], texts: TRow, number: number) => {
  const row = String(number);
  let xml = `<row r="${row}">`;
  for (let index = 0; index < cells.length; index += 1) {
    xml += cells[index]?.(texts[index] ?? null, row) ?? '';
  }
  return `${xml}</row>`;
};

/** The sheet's XML up to its rows: the columns' widths, the headers (row 1) in bold. */
export const sheetHead = (columns: readonly SheetColumn[], headers: TRow) => {
  const widths = columns.map(
    (column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width ?? 16}" customWidth="1"/>`,
  );
  const header = rowXml(
    columns.map((_, index) => textCell(columnLetters(index), styleOf(false, true))),
    headers,
    1,
  );
  return `${XML_HEAD}<worksheet xmlns="${MAIN}"><cols>${widths.join('')}</cols><sheetData>${header}`;
};

/**
 * Bytes per chunk of rows. Each row's XML is written as UTF-8 into the chunk as soon as it is built, so that no string
 * outlives its row: V8's young generation (2 MB under `npm start`'s flags) then holds a row's garbage, not a chunk's,
 * and the chunks themselves live outside V8's heap, handed to the zip as they are.
 */
const CHUNK_BYTES = 64 * 1024;

/** The sheet's rows after the header: `rows(batch)` is their XML in chunks of UTF-8, `rows(batch, true)` in bold. */
export const sheetRows = (columns: readonly SheetColumn[]) => {
  const plain = cellsOf(columns, false);
  const bold = cellsOf(columns, true);
  let row = 1;
  return (texts: readonly TRow[], isBold = false): Buffer[] => {
    const chunks: Buffer[] = [];
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let at = 0;
    for (const cells of texts) {
      row += 1;
      const xml = rowXml(isBold ? bold : plain, cells, row);
      // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
      if (at + xml.length * 3 > chunk.length) {
        if (at > 0) {
          chunks.push(chunk.subarray(0, at));
        }
        chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, xml.length * 3));
        at = 0;
      }
      at += chunk.write(xml, at, 'utf8');
    }
    if (at > 0) {
      chunks.push(chunk.subarray(0, at));
    }
    return chunks;
  };
};

export const SHEET_TAIL = '</sheetData></worksheet>';

/** A sheet's name as Excel takes it: at most 31 characters, none of `\ / ? * : [ ]`. */
const sheetName = (name: string) =>
  name
    .replace(/[\\/?*:[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Sheet1';

/** The package's other parts, by path: its content types, relationships, the workbook and its styles. */
export const packageParts = (sheet: string): readonly (readonly [string, string])[] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/><Override PartName="/${SHEET_PART}" ContentType="${TYPES}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${TYPES}.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="${xmlAttribute(sheetName(sheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    // Number format 2 is Excel's built-in `0.00`.
    `${XML_HEAD}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="2" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];
