import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages';
// The wallet's messages are registered with its contract.
import './payments';
import { formatSom } from './money';

describe('money in messages', () => {
  it('is written as the language writes figures, exactly, however large', () => {
    const limit = `refund_more_than_left:${formatSom(123_456n)}`;
    expect(translateMessage(limit, 'ru')).toBe('Осталось вернуть не больше 1\u202f234,56 сом.');
    expect(translateMessage(limit, 'ky')).toBe('Кайтарууга эң көп 1\u202f234,56 сом калды.');
    expect(translateMessage(limit, 'en')).toBe('At most 1,234.56 som is left to refund.');
    expect(translateMessage(`correction_done:${formatSom(-100_000_000_01n)}`, 'en')).toBe(
      'The balance has been corrected by -100,000,000.01 som',
    );
    expect(formatSom(9_007_199_254_740_993_07n)).toBe('9007199254740993.07');
    expect(translateMessage(`refund_done:${formatSom(9_007_199_254_740_993_07n)}`, 'en')).toBe(
      'Refunded 9,007,199,254,740,993.07 som',
    );
  });

  it('leaves a limit that is not money as it came', () => {
    expect(translateMessage('max_length:2000', 'ru')).toContain('2000');
    expect(translateMessage('max_length:2000', 'en')).toContain('2000');
  });
});
