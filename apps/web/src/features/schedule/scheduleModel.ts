import {
  checkSchedule,
  MIDNIGHT,
  timeToSeconds,
  WEEK_DAYS,
  type TSchedule,
  type TScheduleEntry,
} from '@zaryad/contracts';

/** One weekday row of the editor. A day that is not working keeps its times so that re-ticking restores them. */
export type TScheduleRow = {
  day: number;
  isWorking: boolean;
  start: string;
  end: string;
  /** At most one break a day (docs/product/stations.md#4-states-and-rules). */
  pause: { start: string; end: string } | null;
};

export type TScheduleDraft = {
  rows: TScheduleRow[];
  /** The day whose break is mirrored onto every working day while the 'apply to all' switch is on. */
  sharedBreakDay: number | null;
};

const DAY_SECONDS = 24 * 3600;
/** docs/product/common.md#9-limits: the time pickers step by 30 minutes. */
export const TIME_STEP_MINUTES = 30;
/** The default is seven working days round the clock (00:00 to midnight), without breaks. */
export const DEFAULT_START = MIDNIGHT;
export const DEFAULT_END = MIDNIGHT;

export const createDefaultDraft = (): TScheduleDraft => ({
  rows: WEEK_DAYS.map((day) => ({ day, isWorking: true, start: DEFAULT_START, end: DEFAULT_END, pause: null })),
  sharedBreakDay: null,
});

/** A nested schedule as the API answers it, flattened into the entries the API takes. */
export const flattenSchedule = (schedule: TSchedule): TScheduleEntry[] =>
  schedule.flatMap((day) => [
    { day: day.day, start_time: day.start_time, end_time: day.end_time, is_break: false },
    ...day.break.map((pause) => ({
      day: pause.day,
      start_time: pause.start_time,
      end_time: pause.end_time,
      is_break: true,
    })),
  ]);

/** The editor's rows for a stored schedule; days absent from it are days off. An empty schedule gives the default. */
export const draftFromEntries = (entries: readonly TScheduleEntry[]): TScheduleDraft => {
  if (!entries.some((entry) => !entry.is_break)) {
    return createDefaultDraft();
  }
  return {
    rows: WEEK_DAYS.map((day) => {
      const working = entries.find((entry) => entry.day === day && !entry.is_break);
      const pause = entries.find((entry) => entry.day === day && entry.is_break);
      return {
        day,
        isWorking: working !== undefined,
        start: working?.start_time ?? DEFAULT_START,
        end: working?.end_time ?? DEFAULT_END,
        pause: working && pause ? { start: pause.start_time, end: pause.end_time } : null,
      };
    }),
    sharedBreakDay: null,
  };
};

/** What the caller receives on save: the working days, then their breaks (breaks of days off are dropped). */
export const entriesFromDraft = (draft: TScheduleDraft): TScheduleEntry[] => {
  const working = draft.rows.filter((row) => row.isWorking);
  return [
    ...working.map((row) => ({ day: row.day, start_time: row.start, end_time: row.end, is_break: false })),
    ...working.flatMap((row) =>
      row.pause ? [{ day: row.day, start_time: row.pause.start, end_time: row.pause.end, is_break: true }] : [],
    ),
  ];
};

const updateRow = (draft: TScheduleDraft, day: number, change: (row: TScheduleRow) => TScheduleRow): TScheduleDraft => ({
  ...draft,
  rows: draft.rows.map((row) => (row.day === day ? change(row) : row)),
});

/** While the switch is on, the shared day's break is copied onto every working day. */
const mirrorSharedBreak = (draft: TScheduleDraft): TScheduleDraft => {
  const source = draft.rows.find((row) => row.day === draft.sharedBreakDay);
  if (!source?.pause) {
    return { ...draft, sharedBreakDay: null };
  }
  const pause = source.pause;
  return { ...draft, rows: draft.rows.map((row) => (row.isWorking ? { ...row, pause: { ...pause } } : row)) };
};

export const setDayWorking = (draft: TScheduleDraft, day: number, isWorking: boolean): TScheduleDraft => {
  // A day ticked again starts without a break (docs/product/stations.md#4-states-and-rules: a new day has no break).
  const next = updateRow(draft, day, (row) => ({ ...row, isWorking, pause: isWorking ? null : row.pause }));
  return next.sharedBreakDay === null ? next : mirrorSharedBreak(next);
};

export const setAllWorking = (draft: TScheduleDraft, isWorking: boolean): TScheduleDraft =>
  draft.rows.reduce((current, row) => (row.isWorking === isWorking ? current : setDayWorking(current, row.day, isWorking)), draft);

export const setDayTime = (draft: TScheduleDraft, day: number, field: 'start' | 'end', time: string): TScheduleDraft =>
  updateRow(draft, day, (row) => ({ ...row, [field]: time }));

/** A new break is 00:00:00 to 00:00:00 and replaces the day's existing one. */
export const addBreak = (draft: TScheduleDraft, day: number): TScheduleDraft => {
  const next = updateRow(draft, day, (row) => ({ ...row, pause: { start: MIDNIGHT, end: MIDNIGHT } }));
  return next.sharedBreakDay === day ? mirrorSharedBreak(next) : next;
};

export const removeBreak = (draft: TScheduleDraft, day: number): TScheduleDraft => {
  const next = updateRow(draft, day, (row) => ({ ...row, pause: null }));
  return next.sharedBreakDay === day ? { ...next, sharedBreakDay: null } : next;
};

const secondsToTime = (seconds: number) => toTimeText(Math.floor(seconds / 3600) % 24, Math.floor((seconds % 3600) / 60));

export const setBreakTime = (draft: TScheduleDraft, day: number, field: 'start' | 'end', time: string): TScheduleDraft => {
  const next = updateRow(draft, day, (row) => {
    if (!row.pause) {
      return row;
    }
    const pause = { ...row.pause, [field]: time };
    // A start at or past the break's end, or an end past the day's (a fresh 00:00-00:00 break), takes the
    // end one step after the start, so the break stays valid while it is being set.
    const breakEnd = timeToSeconds(pause.end, true);
    if (field === 'start' && (breakEnd <= timeToSeconds(pause.start) || breakEnd > timeToSeconds(row.end, true))) {
      pause.end = secondsToTime(timeToSeconds(pause.start) + TIME_STEP_MINUTES * 60);
    }
    return { ...row, pause };
  });
  return next.sharedBreakDay === day ? mirrorSharedBreak(next) : next;
};

/** The 'apply break to all working days' switch: on copies this day's break to every working day. */
export const setBreakForAll = (draft: TScheduleDraft, day: number, isOn: boolean): TScheduleDraft => {
  if (!isOn) {
    return draft.sharedBreakDay === day ? { ...draft, sharedBreakDay: null } : draft;
  }
  return mirrorSharedBreak({ ...draft, sharedBreakDay: day });
};

/** Working hours of a row, less its break, in hours (0.5 steps). */
export const rowHours = (row: TScheduleRow): number => {
  const dayStart = timeToSeconds(row.start);
  const dayEnd = timeToSeconds(row.end, true);
  const span = Math.max(0, dayEnd - dayStart);
  const isEmptyBreak = row.pause?.start === MIDNIGHT && row.pause.end === MIDNIGHT;
  // Only the part of a break inside the working hours shortens the day.
  const pause =
    row.pause && !isEmptyBreak
      ? Math.max(0, Math.min(timeToSeconds(row.pause.end, true), dayEnd) - Math.max(timeToSeconds(row.pause.start), dayStart))
      : 0;
  return Math.round(((span - pause) / 3600) * 100) / 100;
};

/** The contract's problems for the draft (same rules as the server), as message keys. */
export const draftProblems = (draft: TScheduleDraft) => checkSchedule(entriesFromDraft(draft));

/** Seconds bounds of a picker: inclusive min, inclusive max; `allowMidnight` accepts 00:00 as the end of the day. */
export type TTimeBounds = { min: number; max: number; allowMidnight: boolean };

/** docs/product/stations.md#5-validation: a start goes from 00:00 to before the row's end. */
export const startBounds = (end: string): TTimeBounds => ({
  min: 0,
  max: timeToSeconds(end, true) - TIME_STEP_MINUTES * 60,
  allowMidnight: false,
});

/** docs/product/stations.md#5-validation: an end goes from after the row's start to 23:59:59; 00:00:00 is midnight. */
export const endBounds = (start: string): TTimeBounds => ({
  min: timeToSeconds(start) + TIME_STEP_MINUTES * 60,
  max: DAY_SECONDS - 1,
  allowMidnight: true,
});

export const isTimeAllowed = (bounds: TTimeBounds, hour: number, minute: number): boolean => {
  const seconds = hour * 3600 + minute * 60;
  if (seconds === 0 && bounds.allowMidnight) {
    return true;
  }
  return seconds >= bounds.min && seconds <= bounds.max;
};

const STEP_MINUTES = Array.from({ length: 60 / TIME_STEP_MINUTES }, (_, index) => index * TIME_STEP_MINUTES);
const HOURS = Array.from({ length: 24 }, (_, index) => index);

/** antd TimePicker's disabledTime for the bounds: hours with no allowed step, and steps out of range. */
export const disabledTimeFor = (bounds: TTimeBounds) => ({
  disabledHours: () => HOURS.filter((hour) => !STEP_MINUTES.some((minute) => isTimeAllowed(bounds, hour, minute))),
  disabledMinutes: (hour: number) =>
    Array.from({ length: 60 }, (_, minute) => minute).filter((minute) => !isTimeAllowed(bounds, hour, minute)),
});

/** `HH:mm:ss` from hours and minutes. */
export const toTimeText = (hour: number, minute: number): string =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;

/** `HH:mm` for display. */
export const shortTime = (time: string): string => time.slice(0, 5);

/** A break stays within its day: it starts from the day's start to before the day's end. */
export const breakStartBounds = (row: TScheduleRow): TTimeBounds => ({
  min: timeToSeconds(row.start),
  max: timeToSeconds(row.end, true) - TIME_STEP_MINUTES * 60,
  allowMidnight: false,
});

/** A break ends after its start and no later than the day's end (which may be midnight). */
export const breakEndBounds = (row: TScheduleRow): TTimeBounds => ({
  min: timeToSeconds(row.pause?.start ?? row.start) + TIME_STEP_MINUTES * 60,
  max: Math.min(timeToSeconds(row.end, true), DAY_SECONDS - 1),
  allowMidnight: row.end === MIDNIGHT,
});
