import { zEmail, zPassword } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import { checkEmail, checkNewPassword, checkRequired, checkSameAs } from '@/features/auth/form/rules';

/** The message key a contract schema gives first, or null when it accepts the value. */
const firstIssue = (schema: ReturnType<typeof zPassword> | ReturnType<typeof zEmail>, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

test('the new password is checked exactly as the contract checks it', () => {
  for (const value of [
    '',
    ' ',
    'short',
    '1234567',
    '12345678',
    '        ',
    'Secret1234',
    'x'.repeat(128),
    'x'.repeat(129),
  ]) {
    expect(checkNewPassword(value), JSON.stringify(value)).toBe(firstIssue(zPassword(), value));
  }
});

test('the email is checked as the contract checks it', () => {
  for (const value of [
    '',
    '   ',
    'admin',
    'admin@',
    'admin@zaryad',
    'admin@zaryad.kg',
    ' admin@zaryad.kg ',
    'a b@c.kg',
  ]) {
    expect(checkEmail(value), JSON.stringify(value)).toBe(firstIssue(zEmail(), value));
  }
});

test('required treats blank text as missing; the confirmation must equal the password', () => {
  expect(checkRequired('password_required')('  ')).toBe('password_required');
  expect(checkRequired('password_required')(' x ')).toBeNull();
  const checkConfirm = checkSameAs((values: { password: string }) => values.password);
  expect(checkConfirm('Secret1234', { password: 'Secret1234' })).toBeNull();
  expect(checkConfirm('Secret123', { password: 'Secret1234' })).toBe('password_mismatch');
});
