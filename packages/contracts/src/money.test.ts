import { describe, expect, it } from 'vitest';
import { formatSom, formatSomIn } from './money';

describe('formatSomIn', () => {
  it('writes som as the language does, exactly, from tyiyn', () => {
    expect(formatSomIn(123_456n, 'ru')).toBe('1\u202f234,56');
    expect(formatSomIn(123_456n, 'ky')).toBe('1\u202f234,56');
    expect(formatSomIn(123_456n, 'en')).toBe('1,234.56');
    expect(formatSomIn(5n, 'ru')).toBe('0,05');
    expect(formatSomIn(-100_000_000_01n, 'en')).toBe('-100,000,000.01');
    // Beyond a float's exact integers, still exact.
    expect(formatSomIn(9_007_199_254_740_993_07n, 'en')).toBe('9,007,199,254,740,993.07');
    expect(formatSom(9_007_199_254_740_993_07n)).toBe('9007199254740993.07');
  });
});
