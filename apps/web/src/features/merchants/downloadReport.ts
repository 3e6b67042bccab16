import type { TReportPeriod } from '@/features/merchants/api';
import { createApiClient } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

const reportPath = (merchantId: number) => `/merchants/${merchantId}/report/`;

/** The file name the server suggests, else one made of the merchant and the period. */
export const reportFileName = (disposition: string | null, merchantId: number, period: TReportPeriod, format: TReportFormat) => {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  if (match?.[1]) {
    return decodeURIComponent(match[1]);
  }
  return `merchant-${merchantId}-report-${period.period__from}-${period.period__to}.${format}`;
};

/**
 * Fetches the report file with the session's token (a plain link would carry none). The app's client does
 * the auth, language and refresh; its fetch is wrapped to keep the file's bytes instead of parsing them.
 */
export const fetchReportFile = async (merchantId: number, period: TReportPeriod, format: TReportFormat) => {
  type TFile = { blob: Blob; disposition: string | null };
  // A box rather than a `let`: TypeScript cannot see the assignment made inside the fetch callback.
  const box: { file: TFile | null } = { file: null };
  const client = createApiClient({
    fetch: async (input, init) => {
      const response = await window.fetch(input, init);
      if (!response.ok || !String(input).includes(reportPath(merchantId))) {
        return response;
      }
      box.file = { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
      return new Response(null, { status: 204 });
    },
    session: sessionStore,
    getLanguage: currentLanguage,
  });
  await client.get(reportPath(merchantId), { query: { ...period, format } });
  const received = box.file;
  if (!received) {
    throw new Error('empty report');
  }
  return { blob: received.blob, name: reportFileName(received.disposition, merchantId, period, format) };
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
