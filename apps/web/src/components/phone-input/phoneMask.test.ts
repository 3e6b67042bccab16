import { expect, test } from 'vitest';
import { applyPhoneEdit, formatPhone, phoneDigits } from '@/components/phone-input/phoneMask';

test('digits fill the mask as they come', () => {
  expect(formatPhone('')).toBe('');
  expect(formatPhone('9')).toBe('+9');
  expect(formatPhone('996')).toBe('+996');
  expect(formatPhone('9965')).toBe('+996 (5');
  expect(formatPhone('996555')).toBe('+996 (555');
  expect(formatPhone('9965551')).toBe('+996 (555) 1');
  expect(formatPhone('996555123456')).toBe('+996 (555) 12-34-56');
});

test('a paste with spaces and signs keeps the digits', () => {
  expect(applyPhoneEdit('', '+996 555 12 34 56', 17)).toEqual({
    digits: '996555123456',
    text: '+996 (555) 12-34-56',
    caret: 19,
  });
  expect(phoneDigits('tel: 996-555-12-34-56')).toBe('996555123456');
});

test('more than 12 digits are cut to 12', () => {
  expect(applyPhoneEdit('996555123456', '+996 (555) 12-34-567', 20).digits).toBe('996555123456');
  expect(phoneDigits('99655512345678')).toBe('996555123456');
});

test('typing a digit in the middle keeps the caret after it', () => {
  // caret after "+996 (5" then a 7 typed: "+996 (57|55) 1"
  const edit = applyPhoneEdit('9965551', '+996 (5755) 1', 8);
  expect(edit).toEqual({ digits: '99657551', text: '+996 (575) 51', caret: 8 });
});

test('backspace deletes digits, and deleting a bracket or dash deletes the digit before it', () => {
  expect(applyPhoneEdit('996555123456', '+996 (555) 12-34-5', 18).text).toBe('+996 (555) 12-34-5');
  // Backspace right after ")" removes ")" only in the raw text: the 5 before it goes instead.
  const edit = applyPhoneEdit('996555123456', '+996 (555 12-34-56', 9);
  expect(edit.digits).toBe('99655123456');
  expect(edit.text).toBe('+996 (551) 23-45-6');
  expect(edit.caret).toBe(8);
  expect(applyPhoneEdit('9', '', 0)).toEqual({ digits: '', text: '', caret: 0 });
});

test('letters are ignored', () => {
  expect(applyPhoneEdit('996', '+996a', 5)).toEqual({ digits: '996', text: '+996', caret: 4 });
});
