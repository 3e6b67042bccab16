import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, groupDigits } from '@/components/money/money';

describe('numbers as the screens write them', () => {
  it('groups thousands with a no-break space and writes a comma before the tyiyn', () => {
    expect(formatMoney('-1500.00')).toBe('-1\u00a0500,00');
    expect(formatMoney('661345.36')).toBe('661\u00a0345,36');
    expect(formatMoney('12.5')).toBe('12.5');
  });

  it('groups counts and exact decimals the same way, whatever their length of fraction', () => {
    expect(groupDigits('1038')).toBe('1\u00a0038');
    expect(formatDecimal(173720)).toBe('173\u00a0720');
    expect(formatDecimal('999')).toBe('999');
    expect(formatDecimal('35021.610')).toBe('35\u00a0021,610');
    expect(formatDecimal('0.000')).toBe('0,000');
    expect(formatDecimal('-1234567')).toBe('-1\u00a0234\u00a0567');
  });

  it('answers what is not a plain number as it came', () => {
    expect(formatDecimal('1e6')).toBe('1e6');
    expect(formatDecimal('—')).toBe('—');
  });
});
