import { BREAK_ID_OFFSET, timeToSeconds, type TSchedule, type TScheduleEntry } from '@zaryad/contracts';
import { BISHKEK_OFFSET_MS } from '@zaryad/contracts/bishkek-time';

/**
 * Schedules are stored flat on their owner's row (merchants.schedule, stations.schedule: JSONB) and answered
 * nested. Entries reaching these functions have passed the contract's ZScheduleInput, so each day appears once
 * and has at most one break.
 */
export type TStoredSchedule = TScheduleEntry[];

const byDayThenBreak = (a: TScheduleEntry, b: TScheduleEntry) =>
  a.day - b.day || Number(a.is_break) - Number(b.is_break);

/** Keeps only the stored fields, sorted by day with each day's break after it: equal schedules compare equal. */
export const normaliseSchedule = (entries: readonly TScheduleEntry[]): TStoredSchedule =>
  entries
    .map((entry) => ({
      day: entry.day,
      start_time: entry.start_time,
      end_time: entry.end_time,
      is_break: entry.is_break,
    }))
    .sort(byDayThenBreak);

/** Day ids are the day plus one (1 Monday .. 7 Sunday); a break's id is its day's id plus BREAK_ID_OFFSET. */
export const dayEntryId = (day: number) => day + 1;

/** The answered shape: one entry per working day with its breaks nested; a break without its day is dropped. */
export const toScheduleDays = (entries: readonly TScheduleEntry[]): TSchedule => {
  const normalised = normaliseSchedule(entries);
  return normalised
    .filter((entry) => !entry.is_break)
    .map((day) => {
      const id = dayEntryId(day.day);
      return {
        id,
        day: day.day,
        start_time: day.start_time,
        end_time: day.end_time,
        is_break: false as const,
        break: normalised
          .filter((entry) => entry.is_break && entry.day === day.day)
          .map((entry) => ({
            id: id + BREAK_ID_OFFSET,
            day: entry.day,
            start_time: entry.start_time,
            end_time: entry.end_time,
            is_break: true as const,
          })),
      };
    });
};

/**
 * Whether a schedule is open at an instant, read in Bishkek's time (day 0 Monday): inside its day's hours and outside
 * its break. An empty schedule is never closed (a station without hours keeps the network's: always open).
 */
export const isOpenAt = (entries: readonly TScheduleEntry[], instant: Date): boolean => {
  if (entries.length === 0) {
    return true;
  }
  const bishkek = new Date(instant.getTime() + BISHKEK_OFFSET_MS);
  const day = (bishkek.getUTCDay() + 6) % 7;
  const second = bishkek.getUTCHours() * 3600 + bishkek.getUTCMinutes() * 60 + bishkek.getUTCSeconds();
  const within = (entry: TScheduleEntry) =>
    timeToSeconds(entry.start_time) <= second && second < timeToSeconds(entry.end_time, true);
  const hours = entries.find((entry) => entry.day === day && !entry.is_break);
  const pause = entries.find((entry) => entry.day === day && entry.is_break);
  return hours !== undefined && within(hours) && !(pause !== undefined && within(pause));
};
