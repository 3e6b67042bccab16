import { expect, test } from 'vitest';
import { summarizeSchedule } from '@/features/schedule/scheduleSummary';

const day = (number: number, start = '09:00:00', end = '18:00:00') => ({
  day: number,
  start_time: start,
  end_time: end,
  is_break: false,
});

test('the same hours every day read as one range, all week', () => {
  expect(summarizeSchedule([0, 1, 2, 3, 4, 5, 6].map((number) => day(number)))).toEqual({
    kind: 'standard',
    entry: { open: '09:00–18:00', pause: null, days: [0, 1, 2, 3, 4, 5, 6] },
    daysOff: [],
  });
});

test('missing days are the days off; a shared break is part of the range', () => {
  const entries = [0, 1, 2, 3, 4].flatMap((number) => [
    day(number),
    { day: number, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ]);
  const summary = summarizeSchedule(entries);
  expect(summary).toMatchObject({ kind: 'standard', entry: { pause: '13:00–14:00' }, daysOff: [5, 6] });
});

test('more than one distinct range is not a standard schedule', () => {
  const summary = summarizeSchedule([day(0), day(1), day(5, '10:00:00', '16:00:00')]);
  expect(summary.kind).toBe('nonStandard');
  const breakOnOneDay = summarizeSchedule([
    day(0),
    day(1),
    { day: 1, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ]);
  expect(breakOnOneDay.kind).toBe('nonStandard');
});

test('nothing set reads as empty', () => {
  expect(summarizeSchedule([])).toEqual({ kind: 'empty' });
});

test('an end of midnight reads as 24:00', () => {
  expect(summarizeSchedule([day(0, '00:00:00', '00:00:00')])).toMatchObject({ entry: { open: '00:00–24:00' } });
});
