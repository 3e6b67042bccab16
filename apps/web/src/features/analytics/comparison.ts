import type { TAnalytics, TAnalyticsPeriod } from '@zaryad/contracts/analytics';

/** `2026-11-28` → `28.11.2026` (string work: the dates are Bishkek days already). */
const day = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** The day before a `YYYY-MM-DD`. */
const dayBefore = (date: string) => {
  const [year = 0, month = 1, dayOfMonth = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, dayOfMonth - 1)).toISOString().slice(0, 10);
};

/** The texts the caption is written with: `analytics:dashboard.compare.*`. */
export type TCompareTexts = {
  /** `{{date}} до {{time}}`: a day counted up to a time. */
  until: (values: { date: string; time: string }) => string;
  /** `{{start}} – {{end}}`. */
  range: (values: { start: string; end: string }) => string;
  /** The whole sentence of a period in progress (`inProgress.week`) or past (`past.week`). */
  sentence: (
    key: `${'inProgress' | 'past'}.${TAnalyticsPeriod}`,
    values: { range: string; previousRange: string },
  ) => string;
};

/**
 * A span from its first day to a cut (`YYYY-MM-DDTHH:mm`, exclusive): `23.11.2026 – 26.11.2026 до 08:15`. A cut at
 * midnight after the first day ends with the whole day before it (`16.11.2026 – 22.11.2026`).
 */
const spanTo = (start: string, cut: string, texts: TCompareTexts) => {
  const cutDay = cut.slice(0, 10);
  const time = cut.slice(11, 16);
  if (time === '00:00' && cutDay > start) {
    const last = dayBefore(cutDay);
    return last === start ? day(start) : texts.range({ start: day(start), end: day(last) });
  }
  const end = texts.until({ date: day(cutDay), time });
  return cutDay === start ? end : texts.range({ start: day(start), end });
};

const span = (start: string, end: string, texts: TCompareTexts) =>
  start === end ? day(start) : texts.range({ start: day(start), end: day(end) });

/**
 * What the dashboard's figures compare (issue 31), said in words: a period in progress counts to now and the previous
 * one to the same time elapsed since its start ("Today: 28.11.2026 until 08:15 · compared with yesterday: 27.11.2026
 * until 08:15"); a past one is compared whole with the whole previous one.
 */
export const comparisonCaption = (
  data: Pick<TAnalytics, 'period' | 'start' | 'end' | 'previous_start' | 'previous_end'> &
    Partial<Pick<TAnalytics, 'in_progress' | 'until' | 'previous_until'>>,
  texts: TCompareTexts,
): string => {
  if (data.in_progress && data.until && data.previous_until) {
    return texts.sentence(`inProgress.${data.period}`, {
      range: spanTo(data.start, data.until, texts),
      previousRange: spanTo(data.previous_start, data.previous_until, texts),
    });
  }
  return texts.sentence(`past.${data.period}`, {
    range: span(data.start, data.end, texts),
    previousRange: span(data.previous_start, data.previous_end, texts),
  });
};
