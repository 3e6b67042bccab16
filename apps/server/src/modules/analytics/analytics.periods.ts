import type { TAnalyticsPeriod } from '@zaryad/contracts/analytics';

/**
 * Periods of Bishkek calendar days as `YYYY-MM-DD` strings: a day, an ISO week (Monday first), a month, a year. Date
 * arithmetic on UTC midnights, so that no time zone of the machine running the server plays a part.
 */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
};

const addMonths = (day: string, months: number) => {
  const date = toDate(day);
  date.setUTCMonth(date.getUTCMonth() + months);
  return toDay(date);
};

/** ISO weekday, 1 Monday to 7 Sunday. */
export const isoWeekday = (day: string) => toDate(day).getUTCDay() || 7;

export const periodStart = (period: TAnalyticsPeriod, day: string) => {
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return addDays(day, 1 - isoWeekday(day));
    case 'month':
      return `${day.slice(0, 7)}-01`;
    case 'year':
      return `${day.slice(0, 4)}-01-01`;
  }
};

/** The first day after the period that starts at `start`. */
export const periodEndExclusive = (period: TAnalyticsPeriod, start: string) => {
  switch (period) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
    case 'year':
      return addMonths(start, 12);
  }
};

export interface PeriodBounds {
  start: string;
  /** Exclusive. */
  end: string;
  previousStart: string;
}

export const periodBounds = (period: TAnalyticsPeriod, day: string): PeriodBounds => {
  const start = periodStart(period, day);
  return { start, end: periodEndExclusive(period, start), previousStart: periodStart(period, addDays(start, -1)) };
};

/** The instant a Bishkek day begins (UTC+6). */
export const bishkekMidnight = (day: string) => new Date(toDate(day).getTime() - 6 * 3_600_000);
