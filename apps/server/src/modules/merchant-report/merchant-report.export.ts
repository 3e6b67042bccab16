import { PassThrough, Readable } from 'node:stream';
import type { TLanguage, TMerchantReport } from '@zaryad/contracts';
import ExcelJS from 'exceljs';
import { csvStream, type TCsvCell } from '../../platform/csv';
import { attachmentDisposition, safeFileName } from '../../platform/export';

/** Column titles of the exported report, in the request's language. */
const LABELS = {
  ru: {
    id: 'ID станции',
    station: 'Станция',
    charges: 'Зарядки',
    energy: 'Энергия, кВт·ч',
    turnover: 'Оборот, сом',
    total: 'Итого',
    sheet: 'Отчёт',
  },
  en: {
    id: 'Station ID',
    station: 'Station',
    charges: 'Charges',
    energy: 'Energy, kWh',
    turnover: 'Turnover, som',
    total: 'Total',
    sheet: 'Report',
  },
  ky: {
    id: 'Станциянын ID',
    station: 'Станция',
    charges: 'Кубаттоолор',
    energy: 'Энергия, кВт·с',
    turnover: 'Жүгүртүү, сом',
    total: 'Жыйынтык',
    sheet: 'Отчёт',
  },
} as const;

type TCell = TCsvCell;

const tableOf = (report: TMerchantReport, language: TLanguage): TCell[][] => {
  const labels = LABELS[language];
  return [
    [labels.id, labels.station, labels.charges, labels.energy, labels.turnover],
    ...report.rows.map((row) => [row.station_id, row.station_name, row.charges, row.energy_kwh, row.turnover]),
    ['', labels.total, report.totals.charges, report.totals.energy_kwh, report.totals.turnover],
  ];
};

/** `Бишкек Молл_2026-01-01_2026-01-31.xlsx`, without characters a file system or a header would choke on. */
export const reportFileName = (report: TMerchantReport, extension: 'xlsx' | 'csv') =>
  `${safeFileName(report.merchant.name, 'merchant')}_${report.period__from}_${report.period__to}.${extension}`;

/** RFC 6266 (`platform/export.ts`): the ASCII name is the merchant's id when its name is not ASCII. */
export const attachmentHeader = (report: TMerchantReport, extension: 'xlsx' | 'csv') =>
  attachmentDisposition(
    reportFileName(report, extension),
    `merchant-${report.merchant.id}_${report.period__from}_${report.period__to}.${extension}`,
  );

/** UTF-8 CSV with a byte order mark, streamed line by line (`platform/csv.ts`). */
export const reportCsvStream = (report: TMerchantReport, language: TLanguage): Readable =>
  csvStream(tableOf(report, language));

/** XLSX written by ExcelJS's streaming writer: rows are committed as they are added, not held as a workbook. */
export const reportXlsxStream = (report: TMerchantReport, language: TLanguage): Readable => {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(LABELS[language].sheet);
  sheet.columns = [{ width: 12 }, { width: 40 }, { width: 12 }, { width: 18 }, { width: 18 }];
  const write = async () => {
    const table = tableOf(report, language);
    table.forEach((cells, index) => {
      const isNumbersRow = index > 0;
      // Energy and turnover travel as exact decimal text; the sheet shows them as numbers for sums and charts.
      const values = isNumbersRow
        ? cells.map((cell, column) => (column >= 3 && cell !== '' ? Number(cell) : cell))
        : cells;
      const row = sheet.addRow(values);
      if (index === 0 || index === table.length - 1) {
        row.font = { bold: true };
      }
      row.commit();
    });
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
};
