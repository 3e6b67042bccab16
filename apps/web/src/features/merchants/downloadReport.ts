import type { TReportPeriod } from '@/features/merchants/api';
import { api } from '@/lib/apiClient';

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

const reportPath = (merchantId: number) => `/merchants/${merchantId}/report/`;

/** The file name the server suggests, else one made of the merchant and the period. */
export const reportFileName = (disposition: string | null, merchantId: number, period: TReportPeriod, format: TReportFormat) => {
  // RFC 6266: `filename*` carries the real (UTF-8) name; `filename` is only the ASCII fallback.
  const encoded = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  const plain = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  if (encoded?.[1]) {
    return decodeURIComponent(encoded[1]);
  }
  if (plain?.[1]) {
    return plain[1];
  }
  return `merchant-${merchantId}-report-${period.period__from}-${period.period__to}.${format}`;
};

/** Fetches the report file with the session's token (a plain link would carry none). */
export const fetchReportFile = async (merchantId: number, period: TReportPeriod, format: TReportFormat) => {
  const file = await api.download(reportPath(merchantId), { query: { ...period, format } });
  return { blob: file.blob, name: reportFileName(file.disposition, merchantId, period, format) };
};

/** Hands a blob to the browser as a download. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has been dispatched; the browser keeps what it needs for the download.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
};
