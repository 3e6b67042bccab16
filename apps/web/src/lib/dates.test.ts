import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth } from '@/lib/dates';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-24T18:30:00Z', '25.11.2026 00:30'],
    ['2026-07-01T05:59:00+00:00', '01.07.2026 11:59'],
    ['2026-03-29T02:15:00+03:00', '29.03.2026 05:15'],
  ])('shows %s in Bishkek time, whatever the browser zone: %s', (value, shown) => {
    expect(formatDateTime(value)).toBe(shown);
  });

  it('shows nothing for no value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows an ISO date as a day', () => {
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
  });
});

describe('formatMonth', () => {
  it('shows an ISO date as its month', () => {
    expect(formatMonth('2027-03-31')).toBe('03.2027');
    expect(formatMonth(null)).toBe('');
  });
});
