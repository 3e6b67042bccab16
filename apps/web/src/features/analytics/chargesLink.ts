import type { TAnalyticsGraph, TAnalyticsPeriod } from '@zaryad/contracts/analytics';

/**
 * Where a click on a dashboard chart leads (issue 33 item 8): the charges list filtered to the charges the bar counts.
 * The charts count a charge at its Bishkek finish when it delivered (docs/product/analytics.md), so the list is
 * filtered by the statuses finished and stopped and by the finish's days, for an hour by its time of day and for a
 * weekday by the finish's weekday (`finished_weekday`, ISO 1 to 7): the period shown stays the list's finish days.
 * Every filter is in the URL, so the list can be shared and reloaded.
 */
const CHARGES_LIST = '/chargers-list';
const DELIVERED = ['finished', 'stopped'] as const;

/** The last day of a `YYYY-MM` month. */
const monthEnd = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
};

/** A slot's days: a `YYYY-MM` month from its 1st to its last, a day or an hour's day itself. */
const daysOf = (start: string): [string, string] =>
  start.length === 7 ? [`${start}-01`, monthEnd(start)] : [start.slice(0, 10), start.slice(0, 10)];

const link = (from: string, to: string, hour?: number, weekday?: number) => {
  const params = new URLSearchParams();
  for (const status of DELIVERED) {
    params.append('status', status);
  }
  params.set('finished_date__from', from);
  params.set('finished_date__to', to);
  if (hour !== undefined) {
    const hh = String(hour).padStart(2, '0');
    params.set('finished_time__from', `${hh}:00`);
    // `to` includes its whole minute: 14:00 to 14:59 is the whole hour.
    params.set('finished_time__to', `${hh}:59`);
  }
  if (weekday !== undefined) {
    params.set('finished_weekday', String(weekday));
  }
  return `${CHARGES_LIST}?${params.toString()}`;
};

/** A bar of the period chart: an hour of the day, a day of the week or month, a month of the year. */
export const slotChargesLink = (period: TAnalyticsPeriod, start: string) => {
  const [from, to] = daysOf(start);
  return period === 'day' ? link(from, to, Number(start.slice(11, 13))) : link(from, to);
};

/** The days of the period shown: from its first slot's first day to its last slot's last. */
const periodDays = (graph: Pick<TAnalyticsGraph, 'series'>): [string, string] | undefined => {
  const first = graph.series[0]?.start;
  const last = graph.series.at(-1)?.start;
  return first && last ? [daysOf(first)[0], daysOf(last)[1]] : undefined;
};

/** A bar of the hour-of-day chart: that hour on every day of the period shown. */
export const hourChargesLink = (graph: Pick<TAnalyticsGraph, 'series'>, hour: number) => {
  const days = periodDays(graph);
  return days && link(days[0], days[1], hour);
};

/** A bar of the weekday chart: that weekday (ISO, 1 Monday) on every day of the period shown. */
export const weekdayChargesLink = (graph: Pick<TAnalyticsGraph, 'series'>, weekday: number) => {
  const days = periodDays(graph);
  return days && link(days[0], days[1], undefined, weekday);
};
