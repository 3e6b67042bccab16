import { LIMITS } from '@zaryad/contracts';
import { regexes } from 'zod/mini';

/**
 * The contract's field rules for the signed-out screens, restated without zod's parser (~13 KB gzip in the
 * app's first download): each check gives the contract's message key (`email_invalid`, `password_min:8`) or
 * null, and the screen shows it with `contractMessage` in the current language (docs/product/accounts.md#5-validation).
 * Kept in step with `packages/contracts/src/rules.ts` by rules.test.ts, which runs the real schemas.
 */
export type TCheck<TValue, TValues> = (value: TValue, values: TValues) => string | null;

/** antd's `required` with `whitespace`: blank text counts as missing. */
export const checkRequired =
  (messageKey: string) =>
  (value: string): string | null =>
    value.trim() === '' ? messageKey : null;

// The very pattern behind the contract's `zEmail()` (zod's email format defaults to `regexes.email`).
const EMAIL = regexes.email;

/** `zEmail()` as the sign-in screens check it: required, then a valid address. */
export const checkEmail = (value: string): string | null => {
  const email = value.trim();
  if (email === '') {
    return 'email_required';
  }
  return EMAIL.test(email) ? null : 'email_invalid';
};

/** `zPassword()`: the first of its issues, as zod lists them (length in UTF-16 units, not trimmed). */
export const checkNewPassword = (value: string): string | null => {
  if (value.length < 1) {
    return 'password_required';
  }
  if (value.length < LIMITS.passwordMin) {
    return `password_min:${LIMITS.passwordMin}`;
  }
  if (value.length > LIMITS.passwordMax) {
    return `max_length:${LIMITS.passwordMax}`;
  }
  return null;
};

/** The confirmation must equal the password ('Password mismatch'). */
export const checkSameAs =
  <TValues>(pick: (values: TValues) => string) =>
  (value: string, values: TValues): string | null =>
    value === pick(values) ? null : 'password_mismatch';
