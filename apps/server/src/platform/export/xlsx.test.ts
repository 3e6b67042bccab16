import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SheetColumn } from './columns';
import { tableStream } from './http';
import { xmlText } from './spreadsheetml';

const columns: SheetColumn[] = [
  { header: { ru: 'Текст', en: 'Text <&>', ky: 'Текст' }, width: 30, kind: 'text', isFreeText: true },
  { header: { ru: 'Число', en: 'Number', ky: 'Сан' }, width: 10, kind: 'number' },
  { header: { ru: 'Сумма', en: 'Amount', ky: 'Сумма' }, width: 14, kind: 'money' },
  { header: { ru: 'Время', en: 'Time', ky: 'Убакыт' }, kind: 'text' },
];

const LONG = `${'ж'.repeat(32_766)}🔋 and more`;
const TEXTS = [
  '=SUM(A1:A3)',
  '+7 (555) 1',
  '<b>Tom & "Jerry"</b> \'x\'',
  'эмодзи 🔋⚡ и кыргызча: өңү',
  '  spaces kept  ',
  'line\r\nbreaks\tand tab',
  'bell\u0007 and \uffff dropped',
  'literally _x0041_ not A',
  ']]></t></is></c><c>',
];

/** The file `tableStream` writes, opened by ExcelJS's reader (an independent implementation of the format). */
const readBack = async (rows: (string | number | null)[][], totals: (string | number | null)[]) => {
  const file = await buffer(tableStream('xlsx', { columns, language: 'en', sheet: 'Rows: 1/2 [x]', rows, totals }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) {
    throw new Error('no sheet');
  }
  return sheet;
};

describe('xlsx writer', () => {
  it('writes odd texts as strings, never formulas, with XML specials, emoji and spaces kept', async () => {
    const sheet = await readBack(
      TEXTS.map((text, index) => [text, index, index * 1.5, '2026-11-24 00:30:07']),
      [null, 45, '12345.60', null],
    );
    expect(sheet.name).toBe('Rows  1 2  x');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text <&>', 'Number', 'Amount', 'Time']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.columns.map((column) => column.width)).toEqual([30, 10, 14, 16]);
    const read = TEXTS.map((_, index) => sheet.getRow(index + 2).getCell(1));
    expect(read.map((cell) => cell.type)).toEqual(TEXTS.map(() => ExcelJS.ValueType.String));
    expect(read.map((cell) => cell.value)).toEqual([
      '=SUM(A1:A3)',
      '+7 (555) 1',
      '<b>Tom & "Jerry"</b> \'x\'',
      'эмодзи 🔋⚡ и кыргызча: өңү',
      '  spaces kept  ',
      'line\r\nbreaks\tand tab',
      'bell and  dropped',
      // ExcelJS does not read Excel's `_xHHHH_` escapes; Excel does, so the text's own is escaped (`xmlText` below).
      'literally _x005F_x0041_ not A',
      ']]></t></is></c><c>',
    ]);
    const second = sheet.getRow(3);
    expect(second.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(second.getCell(2).value).toBe(1);
    expect(second.getCell(3).value).toBe(1.5);
    expect(second.getCell(3).numFmt).toBe('0.00');
    // Times are the product's own text, as on the screens and in csv.
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect(second.getCell(4).value).toBe('2026-11-24 00:30:07');
    const totals = sheet.getRow(TEXTS.length + 2);
    expect(totals.getCell(1).value).toBeNull();
    expect(totals.getCell(2).value).toBe(45);
    expect(totals.getCell(3).value).toBe(12345.6);
    expect(totals.getCell(3).font?.bold).toBe(true);
    expect(totals.getCell(3).numFmt).toBe('0.00');
    expect(sheet.rowCount).toBe(TEXTS.length + 2);
  });

  it("cuts a text past Excel's 32,767 characters, never inside a character", async () => {
    const sheet = await readBack([[LONG, 1, -0.5, null]], [null, null, null, null]);
    const value = sheet.getRow(2).getCell(1).value;
    expect(value).toBe('ж'.repeat(32_766));
    expect(sheet.getRow(2).getCell(3).value).toBe(-0.5);
    expect(xmlText(`${'a'.repeat(32_767)}b`)).toHaveLength(32_767);
  });

  it("escapes XML's specials and Excel's own escapes, and drops what XML cannot hold", () => {
    expect(xmlText('a<b>&c\r\n_x0041_ _x12_\u0000\u001f\ufffe')).toBe('a&lt;b&gt;&amp;c&#13;\n_x005F_x0041_ _x12_');
    expect(xmlText('plain текст 🔋')).toBe('plain текст 🔋');
  });

  it('fails the download on a number that is not one, rather than writing a broken file', async () => {
    const stream = tableStream('xlsx', {
      columns,
      language: 'en',
      sheet: 'x',
      rows: [['a', 'NaN', 1, null]],
      totals: [],
    });
    await expect(buffer(stream)).rejects.toThrow('not a number: NaN');
  });
});
