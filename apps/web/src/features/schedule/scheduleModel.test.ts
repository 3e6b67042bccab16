import { describe, expect, test } from 'vitest';
import {
  addBreak,
  createDefaultDraft,
  disabledTimeFor,
  draftFromEntries,
  draftProblems,
  endBounds,
  entriesFromDraft,
  flattenSchedule,
  isTimeAllowed,
  removeBreak,
  rowHours,
  setAllWorking,
  setBreakForAll,
  setBreakTime,
  setDayTime,
  setDayWorking,
  startBounds,
} from '@/features/schedule/scheduleModel';

const nineToSix = () =>
  [0, 1, 2, 3, 4, 5, 6].reduce(
    (draft, day) => setDayTime(setDayTime(draft, day, 'start', '09:00:00'), day, 'end', '18:00:00'),
    createDefaultDraft(),
  );

describe('default and round trip', () => {
  test('the default is seven working days without breaks', () => {
    const entries = entriesFromDraft(createDefaultDraft());
    expect(entries).toHaveLength(7);
    expect(entries.every((entry) => !entry.is_break)).toBe(true);
    expect(entries.map((entry) => entry.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('a stored schedule opens with its days off unticked and its break in place', () => {
    const draft = draftFromEntries([
      { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      { day: 2, start_time: '10:00:00', end_time: '16:00:00', is_break: false },
    ]);
    expect(draft.rows.filter((row) => row.isWorking).map((row) => row.day)).toEqual([0, 2]);
    expect(draft.rows[0]?.pause).toEqual({ start: '13:00:00', end: '14:00:00' });
    expect(draft.rows[2]?.pause).toBeNull();
  });

  test('an empty schedule opens with the default', () => {
    expect(draftFromEntries([])).toEqual(createDefaultDraft());
  });

  test('an API answer flattens into days and breaks', () => {
    expect(
      flattenSchedule([
        {
          id: 1,
          day: 4,
          start_time: '08:00:00',
          end_time: '20:00:00',
          is_break: false,
          break: [{ id: 8, day: 4, start_time: '12:00:00', end_time: '12:30:00', is_break: true }],
        },
      ]),
    ).toEqual([
      { day: 4, start_time: '08:00:00', end_time: '20:00:00', is_break: false },
      { day: 4, start_time: '12:00:00', end_time: '12:30:00', is_break: true },
    ]);
  });
});

describe('days', () => {
  test('unticked days are left out of what is saved, with their breaks', () => {
    let draft = addBreak(nineToSix(), 5);
    draft = setDayWorking(draft, 5, false);
    draft = setDayWorking(draft, 6, false);
    const entries = entriesFromDraft(draft);
    expect(entries.filter((entry) => !entry.is_break).map((entry) => entry.day)).toEqual([0, 1, 2, 3, 4]);
    expect(entries.some((entry) => entry.is_break)).toBe(false);
  });

  test('all days can be unticked and ticked at once; a re-ticked day has no break', () => {
    let draft = addBreak(nineToSix(), 1);
    draft = setAllWorking(draft, false);
    expect(entriesFromDraft(draft)).toEqual([]);
    expect(draftProblems(draft).map((problem) => problem.message)).toEqual(['schedule_required']);
    draft = setAllWorking(draft, true);
    expect(draft.rows.every((row) => row.isWorking && row.pause === null)).toBe(true);
  });
});

describe('breaks', () => {
  test('adding a break creates 00:00:00 to 00:00:00 and replaces the existing one', () => {
    let draft = setBreakTime(addBreak(nineToSix(), 0), 0, 'start', '13:00:00');
    draft = setBreakTime(draft, 0, 'end', '14:00:00');
    expect(draft.rows[0]?.pause).toEqual({ start: '13:00:00', end: '14:00:00' });
    draft = addBreak(draft, 0);
    expect(draft.rows[0]?.pause).toEqual({ start: '00:00:00', end: '00:00:00' });
    expect(entriesFromDraft(draft).filter((entry) => entry.is_break)).toHaveLength(1);
  });

  test('a break can be removed', () => {
    const draft = removeBreak(addBreak(nineToSix(), 3), 3);
    expect(draft.rows[3]?.pause).toBeNull();
    expect(entriesFromDraft(draft).some((entry) => entry.is_break)).toBe(false);
  });

  test('apply to all copies the break to every working day, and follows later edits while on', () => {
    let draft = setDayWorking(nineToSix(), 6, false);
    draft = setBreakTime(setBreakTime(addBreak(draft, 0), 0, 'start', '13:00:00'), 0, 'end', '14:00:00');
    draft = setBreakForAll(draft, 0, true);
    const breaks = () => entriesFromDraft(draft).filter((entry) => entry.is_break);
    expect(breaks().map((entry) => entry.day)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(breaks().every((entry) => entry.start_time === '13:00:00' && entry.end_time === '14:00:00')).toBe(true);
    draft = setBreakTime(draft, 0, 'end', '14:30:00');
    expect(breaks().every((entry) => entry.end_time === '14:30:00')).toBe(true);
    // Switched off: the copies stay, later edits touch only the day itself.
    draft = setBreakForAll(draft, 0, false);
    draft = setBreakTime(draft, 0, 'end', '15:00:00');
    expect(breaks().filter((entry) => entry.end_time === '15:00:00').map((entry) => entry.day)).toEqual([0]);
    expect(draftProblems(draft)).toEqual([]);
  });

  test('removing the shared break turns the switch off', () => {
    let draft = setBreakForAll(addBreak(nineToSix(), 2), 2, true);
    draft = removeBreak(draft, 2);
    expect(draft.sharedBreakDay).toBeNull();
  });

  test('a break outside the working hours is a problem with the contract message', () => {
    let draft = addBreak(nineToSix(), 0);
    draft = setBreakTime(setBreakTime(draft, 0, 'start', '07:00:00'), 0, 'end', '08:00:00');
    expect(draftProblems(draft).map((problem) => problem.message)).toEqual(['schedule_break_outside_day']);
  });
});

describe('hours and time bounds', () => {
  test('hours count the day less its break; the default day is 24 hours', () => {
    expect(rowHours(createDefaultDraft().rows[0]!)).toBe(24);
    expect(rowHours(addBreak(nineToSix(), 0).rows[0]!)).toBe(9);
    // Setting the start of a fresh break takes its end one step later.
    let draft = setBreakTime(addBreak(nineToSix(), 0), 0, 'start', '13:00:00');
    expect(draft.rows[0]?.pause).toEqual({ start: '13:00:00', end: '13:30:00' });
    expect(rowHours(draft.rows[0]!)).toBe(8.5);
    draft = setBreakTime(draft, 0, 'end', '14:00:00');
    expect(rowHours(draft.rows[0]!)).toBe(8);
  });

  test('a start goes from 00:00 to before the end', () => {
    const bounds = startBounds('18:00:00');
    expect(isTimeAllowed(bounds, 0, 0)).toBe(true);
    expect(isTimeAllowed(bounds, 17, 30)).toBe(true);
    expect(isTimeAllowed(bounds, 18, 0)).toBe(false);
    expect(disabledTimeFor(bounds).disabledHours()).toEqual([18, 19, 20, 21, 22, 23]);
  });

  test('an end goes from after the start to 23:59, and 00:00 is midnight', () => {
    const bounds = endBounds('09:00:00');
    expect(isTimeAllowed(bounds, 9, 0)).toBe(false);
    expect(isTimeAllowed(bounds, 9, 30)).toBe(true);
    expect(isTimeAllowed(bounds, 23, 30)).toBe(true);
    expect(isTimeAllowed(bounds, 0, 0)).toBe(true);
    expect(isTimeAllowed(bounds, 0, 30)).toBe(false);
    expect(disabledTimeFor(bounds).disabledMinutes(9)).toContain(0);
    expect(disabledTimeFor(bounds).disabledMinutes(9)).not.toContain(30);
    // A start of midnight leaves the whole day open for the end.
    expect(startBounds('00:00:00').max).toBe(23.5 * 3600);
  });
});
