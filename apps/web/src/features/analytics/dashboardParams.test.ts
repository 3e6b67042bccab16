import { describe, expect, it } from 'vitest';
import { formatChange, readDashboardParams } from '@/features/analytics/dashboardParams';

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

  it('writes a change with its sign and one decimal', () => {
    expect(formatChange(12.5)).toBe('+12,5 %');
    expect(formatChange(-3)).toBe('−3 %');
    expect(formatChange(0)).toBe('0 %');
  });
});
