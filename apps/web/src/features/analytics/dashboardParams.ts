import { bishkekNow } from '@zaryad/contracts/bishkek-time';
import type { TAnalyticsPeriod } from '@zaryad/contracts/analytics';

export const PERIODS: readonly TAnalyticsPeriod[] = ['day', 'week', 'month', 'year'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The dashboard's state from its URL (period, date, merchant); a bad value falls back to its default. */
export const readDashboardParams = (params: URLSearchParams) => {
  const period = params.get('period');
  const date = params.get('date');
  const merchant = Number(params.get('merchant'));
  return {
    period: (PERIODS as readonly string[]).includes(period ?? '') ? (period as TAnalyticsPeriod) : 'day',
    date: date && DATE.test(date) ? date : undefined,
    merchant: Number.isInteger(merchant) && merchant > 0 ? merchant : undefined,
  };
};

/**
 * A slot of the series (`YYYY-MM-DDTHH:00` of a day, `YYYY-MM-DD` of a week or month, `YYYY-MM` of a year) still to
 * come: the chart leaves it out rather than drawing the rest of today's week as a fall to zero.
 */
export const isFutureSlot = (start: string, now: string = bishkekNow()) =>
  start.length === 16 ? start > `${now.slice(0, 13)}:00` : start > now.slice(0, start.length);
