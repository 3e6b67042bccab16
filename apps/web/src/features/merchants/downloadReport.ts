import type { TReportPeriod } from '@/features/merchants/api';
import { api } from '@/lib/apiClient';
import { fileNameFrom } from '@/lib/download';

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

const reportPath = (merchantId: number) => `/merchants/${merchantId}/report/`;

/** The file name the server suggests, else one made of the merchant and the period. */
export const reportFileName = (
  disposition: string | null,
  merchantId: number,
  period: TReportPeriod,
  format: TReportFormat,
) => fileNameFrom(disposition, `merchant-${merchantId}-report-${period.period__from}-${period.period__to}.${format}`);

/** Fetches the report file with the session's token (a plain link would carry none). */
export const fetchReportFile = async (merchantId: number, period: TReportPeriod, format: TReportFormat) => {
  const file = await api.download(reportPath(merchantId), { query: { ...period, format } });
  return { blob: file.blob, name: reportFileName(file.disposition, merchantId, period, format) };
};
