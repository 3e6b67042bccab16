import { formatPhone, LIMITS, normalizePhone } from '@zaryad/contracts';

/** The digits a phone field keeps: non-digits stripped, at most 12 (docs/product/common.md#5-validation). */
export const phoneDigits = (text: string): string => normalizePhone(text).slice(0, LIMITS.phoneDigits);

/** Digits laid into the mask +999 (999) 99-99-99: the contracts' formatter, the one the server's answers use too. */
export { formatPhone };

const countDigits = (text: string) => normalizePhone(text).length;

/** Index just after the `count`-th digit of `text` (0 when count is 0). */
const indexAfterDigits = (text: string, count: number): number => {
  if (count === 0) {
    return 0;
  }
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text.charAt(index))) {
      seen += 1;
      if (seen === count) {
        return index + 1;
      }
    }
  }
  return text.length;
};

export type TPhoneEdit = { digits: string; text: string; caret: number };

/**
 * Turns what the browser put in the field (a keystroke, a paste, a deletion) into the digits to keep, the
 * masked text and where the caret goes. Deleting only a bracket, space or dash would change no digit and
 * the mask would put it straight back, so it deletes the digit before it instead.
 */
export const applyPhoneEdit = (previousDigits: string, rawText: string, caret: number): TPhoneEdit => {
  let digits = phoneDigits(rawText);
  let digitsBeforeCaret = Math.min(countDigits(rawText.slice(0, caret)), digits.length);
  const deletedOnlyALiteral = digits === previousDigits && rawText.length < formatPhone(previousDigits).length;
  if (deletedOnlyALiteral && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const text = formatPhone(digits);
  return { digits, text, caret: indexAfterDigits(text, digitsBeforeCaret) };
};
