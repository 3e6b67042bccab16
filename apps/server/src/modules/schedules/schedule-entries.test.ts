import type { TScheduleEntry } from '@zaryad/contracts';
import { describe, expect, it } from 'vitest';
import { normaliseSchedule, toScheduleDays } from './schedule-entries';

const day = (dayNumber: number, start_time: string, end_time: string): TScheduleEntry => ({
  day: dayNumber,
  start_time,
  end_time,
  is_break: false,
});
const pause = (dayNumber: number, start_time: string, end_time: string): TScheduleEntry => ({
  day: dayNumber,
  start_time,
  end_time,
  is_break: true,
});

describe('normaliseSchedule', () => {
  it('sorts by day with the break after its day and drops extra fields', () => {
    const extra = { ...day(0, '09:00:00', '18:00:00'), id: 99, break: [] } as TScheduleEntry;
    expect(normaliseSchedule([pause(2, '13:00:00', '14:00:00'), day(2, '08:00:00', '20:00:00'), extra])).toEqual([
      day(0, '09:00:00', '18:00:00'),
      day(2, '08:00:00', '20:00:00'),
      pause(2, '13:00:00', '14:00:00'),
    ]);
  });

  it('gives the same result for the same schedule in any order', () => {
    const entries = [day(4, '10:00:00', '00:00:00'), pause(1, '12:00:00', '13:00:00'), day(1, '09:00:00', '18:00:00')];
    expect(normaliseSchedule(entries)).toEqual(normaliseSchedule([...entries].reverse()));
  });

  it('does not change its input', () => {
    const entries = [day(3, '09:00:00', '18:00:00'), day(1, '09:00:00', '18:00:00')];
    normaliseSchedule(entries);
    expect(entries.map((entry) => entry.day)).toEqual([3, 1]);
  });

  it('answers an empty list for an empty schedule', () => {
    expect(normaliseSchedule([])).toEqual([]);
  });
});

describe('toScheduleDays', () => {
  it('numbers days from 1 and nests each break with its day id plus 7', () => {
    expect(toScheduleDays([day(0, '09:00:00', '18:00:00'), pause(0, '13:00:00', '14:00:00'), day(6, '10:00:00', '16:00:00')])).toEqual([
      {
        id: 1,
        day: 0,
        start_time: '09:00:00',
        end_time: '18:00:00',
        is_break: false,
        break: [{ id: 8, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true }],
      },
      { id: 7, day: 6, start_time: '10:00:00', end_time: '16:00:00', is_break: false, break: [] },
    ]);
  });

  it('leaves days off out and keeps a round-the-clock week', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((number) => day(number, '00:00:00', '00:00:00'));
    const answered = toScheduleDays(week);
    expect(answered.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(toScheduleDays([day(5, '09:00:00', '18:00:00')]).map((entry) => entry.day)).toEqual([5]);
  });

  it('keeps a fresh 00:00:00-00:00:00 break under its day', () => {
    const [monday] = toScheduleDays([pause(3, '00:00:00', '00:00:00'), day(3, '08:00:00', '17:00:00')]);
    expect(monday?.break).toEqual([{ id: 11, day: 3, start_time: '00:00:00', end_time: '00:00:00', is_break: true }]);
  });

  it('drops a break whose day is not in the schedule', () => {
    expect(toScheduleDays([pause(2, '13:00:00', '14:00:00'), day(1, '09:00:00', '18:00:00')])).toEqual([
      { id: 2, day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false, break: [] },
    ]);
  });
});
