import type { Readable } from 'node:stream';
import type { TLanguage } from '@zaryad/contracts';
import { UPTIME_STATE_LABELS, UPTIME_STATES, type TUptimeReport, type TUptimeSeconds } from '@zaryad/contracts/uptime';
import { attachmentDisposition, labelledColumns, safeFileName, tableStream, type TExportFormat } from '../../platform/export';

/** Column titles of the exported report, in the request's language (the states' from the contracts). */
const LABELS = {
  ru: {
    id: 'ID станции',
    station: 'Станция',
    merchant: 'Мерчант',
    connectors: 'Коннекторы',
    uptime: 'Время работы, %',
    total: 'Итого',
    sheet: 'Время работы',
  },
  en: {
    id: 'Station ID',
    station: 'Station',
    merchant: 'Merchant',
    connectors: 'Connectors',
    uptime: 'Uptime, %',
    total: 'Total',
    sheet: 'Uptime',
  },
  ky: {
    id: 'Станциянын ID',
    station: 'Станция',
    merchant: 'Мерчант',
    connectors: 'Коннекторлор',
    uptime: 'Иштөө убактысы, %',
    total: 'Жыйынтык',
    sheet: 'Иштөө убактысы',
  },
} as const;

const HOURS = { ru: 'ч', en: 'h', ky: 'саат' } as const;

const stateLabels = (language: TLanguage) =>
  Object.fromEntries(UPTIME_STATES.map((state) => [state, `${UPTIME_STATE_LABELS[language][state]}, ${HOURS[language]}`]));

const COLUMNS = [
  ...labelledColumns(LABELS, [
    ['id', 12, 'number'],
    ['station', 40, 'text'],
    ['merchant', 30, 'text'],
    ['connectors', 12, 'number'],
    ['uptime', 16, 'number'],
  ]),
  ...labelledColumns(
    { ru: stateLabels('ru'), en: stateLabels('en'), ky: stateLabels('ky') } as Record<
      TLanguage,
      Record<(typeof UPTIME_STATES)[number], string>
    >,
    UPTIME_STATES.map((state) => [state, 16, 'number'] as const),
  ),
];

/** Hours with 2 decimals. */
const hours = (seconds: number) => (seconds / 3600).toFixed(2);
const stateHours = (seconds: TUptimeSeconds) => UPTIME_STATES.map((state) => hours(seconds[state]));
const percent = (value: number | null) => (value === null ? null : value.toFixed(2));

/** The report as a file: a line per station (hours in each state), then the total. */
export const uptimeReportStream = (report: TUptimeReport, language: TLanguage, format: TExportFormat): Readable =>
  tableStream(format, {
    columns: COLUMNS,
    language,
    sheet: LABELS[language].sheet,
    rows: report.rows.map((row) => [
      row.station_id,
      row.station_name,
      row.merchant.name,
      row.connectors,
      percent(row.uptime_percent),
      ...stateHours(row.seconds),
    ]),
    totals: [
      null,
      LABELS[language].total,
      report.merchant?.name ?? null,
      report.rows.reduce((sum, row) => sum + row.connectors, 0),
      percent(report.total.uptime_percent),
      ...stateHours(report.total.seconds),
    ],
  });

/** `uptime_Бишкек Молл_2026-01-01_2026-01-31.xlsx` (the network's: `uptime_network_…`); ASCII fallback by id. */
export const uptimeAttachment = (report: TUptimeReport, extension: 'xlsx' | 'csv') => {
  const period = `${report.from}_${report.to}.${extension}`;
  return attachmentDisposition(
    `uptime_${report.merchant ? safeFileName(report.merchant.name, 'merchant') : 'network'}_${period}`,
    `uptime_${report.merchant ? `merchant-${report.merchant.id}` : 'network'}_${period}`,
  );
};
