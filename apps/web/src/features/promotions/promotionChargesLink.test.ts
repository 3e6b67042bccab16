import { expect, test } from 'vitest';
import { promotionDayLink } from '@/features/promotions/promotionChargesLink';

test("a day of the promotions report leads to its promotions' charges finished that day", () => {
  const [path, search] = promotionDayLink('2026-11-20', [4, 7]).split('?');
  const params = new URLSearchParams(search);
  expect(path).toBe('/chargers-list');
  expect(params.get('finished_date__from')).toBe('2026-11-20');
  expect(params.get('finished_date__to')).toBe('2026-11-20');
  // Repeated, as the list reads a list filter.
  expect(params.getAll('promotion_id__in')).toEqual(['4', '7']);
});
