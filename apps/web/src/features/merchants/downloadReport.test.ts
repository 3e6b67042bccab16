import { expect, test } from 'vitest';
import { reportFileName } from '@/features/merchants/downloadReport';

const period = { period__from: '2026-01-01', period__to: '2026-01-31' };

test('the report file takes the UTF-8 name the server suggests over its ASCII fallback', () => {
  const disposition = `attachment; filename="merchant-7_2026-01-01_2026-01-31.xlsx"; filename*=UTF-8''${encodeURIComponent('Бишкек Молл_2026-01-01_2026-01-31.xlsx')}`;
  expect(reportFileName(disposition, 7, period, 'xlsx')).toBe('Бишкек Молл_2026-01-01_2026-01-31.xlsx');
  expect(reportFileName('attachment; filename="plain.csv"', 7, period, 'csv')).toBe('plain.csv');
  expect(reportFileName(null, 7, period, 'csv')).toBe('merchant-7-report-2026-01-01-2026-01-31.csv');
});
