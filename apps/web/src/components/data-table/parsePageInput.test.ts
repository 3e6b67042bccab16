import { expect, test } from 'vitest';
import { parsePageInput } from '@/components/data-table/parsePageInput';

test.each([
  ['3', 3],
  [' 12 ', 12],
  ['0', 0],
  ['-2', 0],
  ['2.5', 0],
  ['abc', 0],
  ['', 0],
  ['1e3', 0],
])('page input %j gives %i', (text, page) => {
  expect(parsePageInput(text)).toBe(page);
});
