import { expect, test } from 'vitest';
import { lastDays, sharesOf, thisMonth, uptimeTone } from '@/features/uptime/uptimeModel';

const seconds = (values: Partial<Record<string, number>>) => ({
  available: 0,
  charging: 0,
  occupied: 0,
  faulted: 0,
  unavailable: 0,
  maintenance: 0,
  offline: 0,
  unknown: 0,
  ...values,
});

test('the last 30 days and this month end today in Bishkek (UTC+6), even late in the UTC day', () => {
  const lateUtc = new Date('2026-03-31T19:30:00Z');
  expect(lastDays(30, lateUtc)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
  expect(thisMonth(lateUtc)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  expect(thisMonth(new Date('2026-03-15T10:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-15' });
});

test('shares keep the states with time, in order, adding up to one, of the time something was known', () => {
  const shares = sharesOf(seconds({ available: 3 * 3600, offline: 3600, charging: 4 * 3600 }));
  expect(shares).toEqual([
    { state: 'available', share: 0.375 },
    { state: 'charging', share: 0.5 },
    { state: 'offline', share: 0.125 },
  ]);
  expect(sharesOf(seconds({ available: 3600, unknown: 99 * 3600 }))).toEqual([{ state: 'available', share: 1 }]);
  expect(sharesOf(seconds({ unknown: 3600 }))).toEqual([{ state: 'unknown', share: 1 }]);
  expect(sharesOf(seconds({}))).toEqual([]);
});

test('the tone of an uptime: 97 % and over good, from 90 % fair, below poor, none without data', () => {
  expect(uptimeTone(97)).toBe('good');
  expect(uptimeTone(96.99)).toBe('fair');
  expect(uptimeTone(90)).toBe('fair');
  expect(uptimeTone(89.9)).toBe('poor');
  expect(uptimeTone(null)).toBe('none');
});
