import { describe, expect, it } from 'vitest';
import { isFutureSlot, readDashboardParams } from '@/features/analytics/dashboardParams';

describe('the dashboard URL', () => {
  it('reads period, date and merchant, falling back to a day of today for bad values', () => {
    expect(readDashboardParams(new URLSearchParams('period=week&date=2026-01-01&merchant=7'))).toEqual({
      period: 'week',
      date: '2026-01-01',
      merchant: 7,
    });
    expect(readDashboardParams(new URLSearchParams('period=hour&date=yesterday&merchant=-1'))).toEqual({
      period: 'day',
      date: undefined,
      merchant: undefined,
    });
  });
});

describe('the series slots still to come', () => {
  // 01:07 on Wednesday 25 November 2026 in Bishkek.
  const now = '2026-11-25T01:07';

  it('leaves out the hours after the current one of a day', () => {
    expect(isFutureSlot('2026-11-25T01:00', now)).toBe(false);
    expect(isFutureSlot('2026-11-25T02:00', now)).toBe(true);
    expect(isFutureSlot('2026-11-24T23:00', now)).toBe(false);
  });

  it('leaves out the days after today of a week or month, and the months after this one of a year', () => {
    expect(isFutureSlot('2026-11-25', now)).toBe(false);
    expect(isFutureSlot('2026-11-26', now)).toBe(true);
    expect(isFutureSlot('2026-11', now)).toBe(false);
    expect(isFutureSlot('2026-12', now)).toBe(true);
    expect(isFutureSlot('2025-12', now)).toBe(false);
  });
});
