import type { Readable } from 'node:stream';
import type { TLanguage, TMerchantReport } from '@zaryad/contracts';
import {
  attachmentDisposition,
  labelledColumns,
  safeFileName,
  tableStream,
  type TExportFormat,
} from '../../platform/export';

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
    energy: 'Энергия, кВт·саат',
    turnover: 'Жүгүртүү, сом',
    total: 'Жыйынтык',
    sheet: 'Отчёт',
  },
} as const;

const COLUMNS = labelledColumns(LABELS, [
  ['id', 12, 'number'],
  ['station', 40, 'text'],
  ['charges', 12, 'number'],
  ['energy', 18, 'number'],
  ['turnover', 18, 'money'],
]);

/** The report as a file: a line per station, then the totals. */
export const reportStream = (report: TMerchantReport, language: TLanguage, format: TExportFormat): Readable =>
  tableStream(format, {
    columns: COLUMNS,
    language,
    sheet: LABELS[language].sheet,
    rows: report.rows.map((row) => [row.station_id, row.station_name, row.charges, row.energy_kwh, row.turnover]),
    totals: [null, LABELS[language].total, report.totals.charges, report.totals.energy_kwh, report.totals.turnover],
  });

/** `Бишкек Молл_2026-01-01_2026-01-31.xlsx`, without characters a file system or a header would choke on. */
export const reportFileName = (report: TMerchantReport, extension: 'xlsx' | 'csv') =>
  `${safeFileName(report.merchant.name, 'merchant')}_${report.period__from}_${report.period__to}.${extension}`;

/** RFC 6266 (`platform/export`): the ASCII name is the merchant's id when its name is not ASCII. */
export const attachmentHeader = (report: TMerchantReport, extension: 'xlsx' | 'csv') =>
  attachmentDisposition(
    reportFileName(report, extension),
    `merchant-${report.merchant.id}_${report.period__from}_${report.period__to}.${extension}`,
  );
