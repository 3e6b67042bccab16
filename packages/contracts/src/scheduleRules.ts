import type { TScheduleEntry } from './schedule';

// The schedule's constants and checks, apart from its zod schemas: screens that only show or check a schedule
// load no schema parser.

/**
 * Operating mode (docs/product/stations.md sections 3 and 4). Days are numbered 0 (Monday) to 6 (Sunday) in the API; screens
 * that show 1..7 add one. A day that is absent is a day off. Each working day may have one break.
 * Times are `HH:mm:ss` in Asia/Bishkek; an end of `00:00:00` means midnight at the end of the day.
 */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** A break's id is its day entry's id plus 7 (docs/product/stations.md#3-records). */
export const BREAK_ID_OFFSET = 7;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const MIDNIGHT = '00:00:00';

/** Seconds since the start of the day; an end of 00:00:00 counts as 24:00:00. */
export const timeToSeconds = (time: string, isEnd = false) => {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const value = hours * 3600 + minutes * 60 + seconds;
  return isEnd && value === 0 ? 24 * 3600 : value;
};

/** Checks a whole schedule; answers message keys by entry index, or a `schedule` level message. */
export const checkSchedule = (entries: TScheduleEntry[]): { index: number | null; message: string }[] => {
  const problems: { index: number | null; message: string }[] = [];
  const days = new Map<number, TScheduleEntry>();
  const breaks = new Map<number, TScheduleEntry>();
  entries.forEach((entry, index) => {
    const start = timeToSeconds(entry.start_time);
    const end = timeToSeconds(entry.end_time, true);
    const target = entry.is_break ? breaks : days;
    if (target.has(entry.day)) {
      problems.push({ index, message: entry.is_break ? 'schedule_break_duplicate' : 'schedule_day_duplicate' });
      return;
    }
    target.set(entry.day, entry);
    // A fresh break is 00:00:00 to 00:00:00 until the operator sets it; any other range must move forward.
    const isEmptyBreak = entry.is_break && entry.start_time === MIDNIGHT && entry.end_time === MIDNIGHT;
    if (!isEmptyBreak && start >= end) {
      problems.push({ index, message: 'schedule_end_before_start' });
    }
  });
  if (days.size === 0) {
    problems.push({ index: null, message: 'schedule_required' });
  }
  entries.forEach((entry, index) => {
    if (!entry.is_break) {
      return;
    }
    const day = days.get(entry.day);
    if (!day) {
      problems.push({ index, message: 'schedule_break_without_day' });
      return;
    }
    const isEmptyBreak = entry.start_time === MIDNIGHT && entry.end_time === MIDNIGHT;
    if (
      !isEmptyBreak &&
      (timeToSeconds(entry.start_time) < timeToSeconds(day.start_time) ||
        timeToSeconds(entry.end_time, true) > timeToSeconds(day.end_time, true))
    ) {
      problems.push({ index, message: 'schedule_break_outside_day' });
    }
  });
  return problems;
};
