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

/** Bishkek local `YYYY-MM-DDTHH:mm` of an instant. */
export const bishkekMinute = (instant: Date) => new Date(instant.getTime() + 6 * 3_600_000).toISOString().slice(0, 16);

/** The Bishkek day an instant falls on. */
export const bishkekDayOf = (instant: Date) => bishkekMinute(instant).slice(0, 10);

/**
 * What a period's figures count and what they are compared with. A period containing `now` counts up to the end of
 * now's minute (exclusive: the minute the answer shows, so that the cuts shown are the cuts made, and nothing that has
 * already happened is left out of the figures, as a cut at now's minute would for up to a minute) and is compared with the previous
 * period cut at the same time elapsed since its start (at most its whole length: March 31st against the whole of
 * February); a past period is compared whole with the whole previous one.
 */
export interface PeriodCut extends PeriodBounds {
  inProgress: boolean;
  /** The exclusive end instants of the current figures and of the previous ones. */
  until: Date;
  previousUntil: Date;
}

export const periodCut = (period: TAnalyticsPeriod, day: string, now: Date): PeriodCut => {
  const bounds = periodBounds(period, day);
  const start = bishkekMidnight(bounds.start);
  const end = bishkekMidnight(bounds.end);
  const inProgress = start <= now && now < end;
  if (!inProgress) {
    return { ...bounds, inProgress, until: end, previousUntil: start };
  }
  const until = new Date(Math.min((Math.floor(now.getTime() / 60_000) + 1) * 60_000, end.getTime()));
  const elapsed = until.getTime() - start.getTime();
  const previousUntil = new Date(Math.min(bishkekMidnight(bounds.previousStart).getTime() + elapsed, start.getTime()));
  return { ...bounds, inProgress, until, previousUntil };
};
