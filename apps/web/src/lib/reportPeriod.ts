import { bishkekToday } from '@zaryad/contracts/bishkek-time';

/** How many Bishkek days a report shows before the operator picks a period. */
export const DEFAULT_REPORT_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * The one default period of the reports (the merchant report, the promotions report, the heat map): the last 30
 * Bishkek days through today, as `period__from` and `period__to` (docs/product/common.md#2-screens, issue 33,
 * item 6). Rolling rather than the month so far: on the 1st a month shows one day, and a rolling window always
 * holds a full month of charges, comparable from one day to the next.
 */
export const defaultReportPeriod = (now: Date = new Date()): { period__from: string; period__to: string } => {
  const to = bishkekToday(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { period__from: from, period__to: to };
};
