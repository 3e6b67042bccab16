import { expect, test } from 'vitest';
import { defaultReportPeriod } from '@/lib/reportPeriod';

test('the default report period is the last 30 Bishkek days through today', () => {
  // 20:30 UTC on 31 March is already 1 April in Bishkek (UTC+6).
  expect(defaultReportPeriod(new Date('2026-03-31T20:30:00Z'))).toEqual({
    period__from: '2026-03-03',
    period__to: '2026-04-01',
  });
  expect(defaultReportPeriod(new Date('2026-01-10T05:00:00Z'))).toEqual({
    period__from: '2025-12-12',
    period__to: '2026-01-10',
  });
});
