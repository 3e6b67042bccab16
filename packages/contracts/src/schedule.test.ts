import { describe, expect, it } from 'vitest';
import { checkSchedule, timeToSeconds, ZScheduleInput, type TScheduleEntry } from './schedule';

const day = (dayNumber: number, start_time = '09:00:00', end_time = '18:00:00'): TScheduleEntry => ({
  day: dayNumber,
  start_time,
  end_time,
  is_break: false,
});
const pause = (dayNumber: number, start_time = '13:00:00', end_time = '14:00:00'): TScheduleEntry => ({
  day: dayNumber,
  start_time,
  end_time,
  is_break: true,
});
const messages = (input: unknown) => {
  const result = ZScheduleInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe('timeToSeconds', () => {
  it('counts an end of 00:00:00 as midnight of the next day, a start as the day start', () => {
    expect(timeToSeconds('00:00:00')).toBe(0);
    expect(timeToSeconds('00:00:00', true)).toBe(86_400);
    expect(timeToSeconds('13:30:15', true)).toBe(13 * 3600 + 30 * 60 + 15);
  });
});

describe('checkSchedule', () => {
  it('accepts a working week with a lunch break and days off', () => {
    expect(checkSchedule([day(0), pause(0), day(1), day(4, '10:00:00', '16:00:00')])).toEqual([]);
  });

  it('accepts round the clock (00:00:00 to 00:00:00) and an evening ending at midnight', () => {
    expect(checkSchedule([day(0, '00:00:00', '00:00:00'), day(1, '18:00:00', '00:00:00'), pause(1, '22:00:00', '00:00:00')])).toEqual([]);
  });

  it('accepts a fresh break (00:00:00 to 00:00:00) on any working day', () => {
    expect(checkSchedule([day(2, '09:00:00', '18:00:00'), pause(2, '00:00:00', '00:00:00')])).toEqual([]);
  });

  it('needs at least one working day: an empty list or breaks only', () => {
    expect(checkSchedule([])).toEqual([{ index: null, message: 'schedule_required' }]);
    expect(checkSchedule([pause(0)])).toEqual([
      { index: null, message: 'schedule_required' },
      { index: 0, message: 'schedule_break_without_day' },
    ]);
  });

  it('refuses an end that is not after the start', () => {
    expect(checkSchedule([day(0, '18:00:00', '09:00:00')])).toEqual([{ index: 0, message: 'schedule_end_before_start' }]);
    expect(checkSchedule([day(0, '09:00:00', '09:00:00')])).toEqual([{ index: 0, message: 'schedule_end_before_start' }]);
    expect(checkSchedule([day(0), pause(0, '14:00:00', '13:00:00')])).toEqual([{ index: 1, message: 'schedule_end_before_start' }]);
  });

  it('refuses a day twice and a second break for a day', () => {
    expect(checkSchedule([day(3), day(3, '10:00:00', '11:00:00')])).toEqual([{ index: 1, message: 'schedule_day_duplicate' }]);
    expect(checkSchedule([day(3), pause(3), pause(3, '15:00:00', '16:00:00')])).toEqual([
      { index: 2, message: 'schedule_break_duplicate' },
    ]);
  });

  it('refuses a break on a day off and a break outside the working hours', () => {
    expect(checkSchedule([day(0), pause(1)])).toEqual([{ index: 1, message: 'schedule_break_without_day' }]);
    expect(checkSchedule([day(0, '09:00:00', '18:00:00'), pause(0, '08:00:00', '10:00:00')])).toEqual([
      { index: 1, message: 'schedule_break_outside_day' },
    ]);
    expect(checkSchedule([day(0, '09:00:00', '18:00:00'), pause(0, '17:00:00', '00:00:00')])).toEqual([
      { index: 1, message: 'schedule_break_outside_day' },
    ]);
  });

  it('finds the break whatever the order of the entries', () => {
    expect(checkSchedule([pause(5), day(5)])).toEqual([]);
  });
});

describe('ZScheduleInput', () => {
  it('parses multipart text: day digits and is_break true/false/1/0', () => {
    const parsed = ZScheduleInput.parse([
      { day: '0', start_time: '09:00:00', end_time: '18:00:00', is_break: 'false' },
      { day: ' 0 ', start_time: '13:00:00', end_time: '14:00:00', is_break: '1' },
    ]);
    expect(parsed).toEqual([day(0), pause(0)]);
  });

  it('defaults is_break to false: a new day has no break', () => {
    expect(ZScheduleInput.parse([{ day: 6, start_time: '10:00:00', end_time: '15:00:00' }])).toEqual([
      day(6, '10:00:00', '15:00:00'),
    ]);
  });

  it('refuses days outside 0..6, empty or boolean days', () => {
    for (const bad of [7, -1, 1.5, '', 'monday', true, null]) {
      expect(messages([{ day: bad, start_time: '09:00:00', end_time: '18:00:00' }])).toContainEqual({
        path: [0, 'day'],
        message: 'day_invalid',
      });
    }
  });

  it('refuses times that are not HH:mm:ss, without adding range messages', () => {
    expect(messages([day(0, '9:00', '24:00:00')])).toEqual([
      { path: [0, 'start_time'], message: 'time_invalid' },
      { path: [0, 'end_time'], message: 'time_invalid' },
    ]);
  });

  it('reports schedule rules at the entry, and the missing schedule at the list', () => {
    expect(messages([day(1), day(1)])).toEqual([{ path: [1], message: 'schedule_day_duplicate' }]);
    expect(messages([])).toEqual([{ path: [], message: 'schedule_required' }]);
    expect(messages(undefined)).toEqual([{ path: [], message: 'schedule_required' }]);
    expect(messages('every day')).toEqual([{ path: [], message: 'schedule_required' }]);
  });

  it('accepts at most 14 entries (7 days and 7 breaks)', () => {
    const full = [0, 1, 2, 3, 4, 5, 6].flatMap((number) => [day(number), pause(number)]);
    expect(messages(full)).toEqual([]);
    expect(messages([...full, day(0)]).length).toBeGreaterThan(0);
  });
});
