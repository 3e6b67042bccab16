import type { TScheduleEntry } from '@zaryad/contracts';
import { MIDNIGHT, WEEK_DAYS } from '@zaryad/contracts';
import { shortTime } from '@/features/schedule/scheduleModel';

/** Summary of one distinct working range: its text and the weekdays (0 Monday .. 6 Sunday) it covers. */
export type TSummaryEntry = { open: string; pause: string | null; days: number[] };

export type TScheduleSummary =
  | { kind: 'empty' }
  /** One range for every working day: the open range plus 'all week' or the days off. */
  | { kind: 'standard'; entry: TSummaryEntry; daysOff: number[] }
  /** More than one distinct range (docs/product/stations.md#2-screens: 'not a standard work schedule'). */
  | { kind: 'nonStandard'; entries: TSummaryEntry[] };

// An end of 00:00:00 is midnight at the end of the day: read as 24:00, not as the day's start.
const rangeText = (start: string, end: string) => `${shortTime(start)}–${end === MIDNIGHT ? '24:00' : shortTime(end)}`;

/** Groups working days by their hours and break; one group is a standard schedule. */
export const summarizeSchedule = (entries: readonly TScheduleEntry[]): TScheduleSummary => {
  const groups = new Map<string, TSummaryEntry>();
  for (const day of entries.filter((entry) => !entry.is_break).sort((a, b) => a.day - b.day)) {
    const pause = entries.find((entry) => entry.is_break && entry.day === day.day);
    const open = rangeText(day.start_time, day.end_time);
    const pauseText = pause ? rangeText(pause.start_time, pause.end_time) : null;
    const key = `${open}|${pauseText ?? ''}`;
    const group = groups.get(key) ?? { open, pause: pauseText, days: [] };
    group.days.push(day.day);
    groups.set(key, group);
  }
  const list = [...groups.values()];
  const [first] = list;
  if (!first) {
    return { kind: 'empty' };
  }
  if (list.length > 1) {
    return { kind: 'nonStandard', entries: list };
  }
  return { kind: 'standard', entry: first, daysOff: WEEK_DAYS.filter((day) => !first.days.includes(day)) };
};

/** The words of a schedule's one-line summary, in one language (the `schedule` texts' `summary` and weekdays). */
export type TScheduleSummaryWords = {
  empty: string;
  nonStandard: string;
  allWeek: string;
  pause: (range: string) => string;
  daysOff: (days: string) => string;
  weekdayShort: (day: number) => string;
};

/**
 * The schedule in one line: open range and 'all week' or the days off; several ranges read as non-standard. No React
 * and no i18next: the words come in (useScheduleSummaryWords).
 */
export const scheduleSummaryText = (entries: readonly TScheduleEntry[], words: TScheduleSummaryWords): string => {
  const summary = summarizeSchedule(entries);
  if (summary.kind === 'empty') {
    return words.empty;
  }
  if (summary.kind === 'nonStandard') {
    return words.nonStandard;
  }
  const parts = [summary.entry.open];
  if (summary.entry.pause) {
    parts.push(words.pause(summary.entry.pause));
  }
  parts.push(
    summary.daysOff.length === 0 ? words.allWeek : words.daysOff(summary.daysOff.map(words.weekdayShort).join(', ')),
  );
  return parts.join(', ');
};
