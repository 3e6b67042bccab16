import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatPhone,
  INT4_MAX,
  isTimeOfDayAcrossMidnight,
  rangesInOrder,
  zDate,
  zEnumListText,
  zId,
  zIdListText,
  zIdText,
  zInt,
  zIntText,
  zStatus,
  zStatusText,
} from './rules';

/** The messages of a parse, or its value. */
const outcome = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((issue) => issue.message) };
};

describe('integers of a request (issue 31)', () => {
  it('takes a JSON number within the bounds, and says which bound another breaks', () => {
    const id = zId();
    expect(outcome(id, 1)).toEqual({ value: 1 });
    expect(outcome(id, INT4_MAX)).toEqual({ value: INT4_MAX });
    expect(outcome(id, INT4_MAX + 1)).toEqual({ messages: ['max_value:2147483647'] });
    expect(outcome(id, 9_223_372_036_854_775_808)).toEqual({ messages: ['max_value:2147483647'] });
    expect(outcome(id, 0)).toEqual({ messages: ['min_value:1'] });
    expect(outcome(id, 1.5)).toEqual({ messages: ['integer_invalid'] });
    expect(outcome(id, Infinity)).toEqual({ messages: ['integer_invalid'] });
    expect(outcome(id, undefined)).toEqual({ messages: ['required'] });
    // A JSON body says what a value is: text or a boolean is no number there.
    expect(outcome(id, '5')).toEqual({ messages: ['integer_invalid'] });
    expect(outcome(id, true)).toEqual({ messages: ['integer_invalid'] });
    expect(outcome(zId('role_invalid'), 2_147_483_648)).toEqual({ messages: ['role_invalid'] });
  });

  it('takes digits from text, and refuses what z.coerce would have turned into a number', () => {
    const count = zIntText({ min: 0, max: 32_767 });
    expect(outcome(count, '12')).toEqual({ value: 12 });
    expect(outcome(count, ' 12 ')).toEqual({ value: 12 });
    expect(outcome(count, 7)).toEqual({ value: 7 });
    expect(outcome(count, '32768')).toEqual({ messages: ['max_value:32767'] });
    expect(outcome(count, '-1')).toEqual({ messages: ['min_value:0'] });
    expect(outcome(count, '')).toEqual({ messages: ['required'] });
    for (const text of ['1e3', '0x10', '1.5', 'true', '1,5', 'Infinity']) {
      expect(outcome(count, text), text).toEqual({ messages: ['integer_invalid'] });
    }
    expect(outcome(zIdText(), '99999999999999999999')).toEqual({ messages: ['max_value:2147483647'] });
  });

  it('refuses bounds no integer column holds when the schema is built', () => {
    expect(() => zInt({ min: 0, max: 2 ** 31 })).toThrow();
  });

  it('reads list filters, the error on the field itself', () => {
    expect(outcome(zIdListText(), '1, 2')).toEqual({ value: [1, 2] });
    expect(outcome(zIdListText(), ['3', '4,5'])).toEqual({ value: [3, 4, 5] });
    expect(outcome(zIdListText(), '1,2147483648')).toEqual({ messages: ['max_value:2147483647'] });
    expect(outcome(zIdListText(), '1,x')).toEqual({ messages: ['integer_invalid'] });
    expect(outcome(zIdListText(), '0')).toEqual({ messages: ['min_value:1'] });
    const statuses = zEnumListText(['finished', 'stopped'] as const);
    expect(outcome(statuses, 'finished,stopped')).toEqual({ value: ['finished', 'stopped'] });
    expect(outcome(statuses, 'finished,done')).toEqual({ messages: ['invalid_choice'] });
  });
});

describe('statuses', () => {
  it('are 0 or 1; any other is refused, never replaced', () => {
    expect(outcome(zStatus(), 1)).toEqual({ value: 1 });
    for (const value of [2, -1, 2_147_483_648, '0', null, true]) {
      expect(outcome(zStatus(), value), String(value)).toEqual({ messages: ['invalid_choice'] });
    }
    expect(outcome(zStatus(), undefined)).toEqual({ messages: ['required'] });
    expect(outcome(zStatusText(), '1')).toEqual({ value: 1 });
    expect(outcome(zStatusText(), '2147483648')).toEqual({ messages: ['invalid_choice'] });
  });
});

describe('dates', () => {
  it('say required when missing and date_invalid when malformed', () => {
    expect(outcome(zDate(), undefined)).toEqual({ messages: ['required'] });
    expect(outcome(zDate(), '2026-02-30')).toEqual({ messages: ['date_invalid'] });
  });
});

describe('from/to pairs: one rule (issue 31)', () => {
  const schema = z
    .object({
      day__from: z.string().optional(),
      day__to: z.string().optional(),
      amount__from: z.bigint().optional(),
      amount__to: z.bigint().optional(),
      start: z.string().optional(),
      end: z.string().optional(),
    })
    .superRefine(
      rangesInOrder([
        ['day__from', 'day__to'],
        ['amount__from', 'amount__to'],
      ]),
    )
    .superRefine(rangesInOrder([['start', 'end']], { message: 'period_order', strict: true }));
  const errors = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('refuses a reversed pair on its to field, and takes an open or equal one', () => {
    expect(errors({ day__from: '2026-03-10', day__to: '2026-03-01' })).toEqual({ day__to: 'range_invalid' });
    expect(errors({ day__from: '2026-03-10', day__to: '2026-03-10' })).toEqual({});
    expect(errors({ day__from: '2026-03-10' })).toEqual({});
    expect(errors({ amount__from: 10n, amount__to: -5n })).toEqual({ amount__to: 'range_invalid' });
  });

  it('compares date-times as instants, strictly when asked, with its own message', () => {
    // 10:00 in Bishkek is 04:00 UTC: before 05:00 UTC.
    expect(errors({ start: '2026-03-01T10:00:00+06:00', end: '2026-03-01T05:00:00Z' })).toEqual({});
    expect(errors({ start: '2026-03-01T12:00:00+06:00', end: '2026-03-01T05:00:00Z' })).toEqual({
      end: 'period_order',
    });
    expect(errors({ start: '2026-03-01T11:00:00+06:00', end: '2026-03-01T05:00:00Z' })).toEqual({
      end: 'period_order',
    });
  });

  it('leaves malformed ends to their own messages', () => {
    expect(errors({ day__from: '2026-13-01', day__to: '2026-03-01' })).toEqual({});
    expect(errors({ start: 'soon', end: '2026-03-01T05:00:00Z' })).toEqual({});
  });
});

describe('a time of day across midnight', () => {
  it('is a range whose from comes after the end of its to', () => {
    expect(isTimeOfDayAcrossMidnight('18:00', '09:00')).toBe(true);
    expect(isTimeOfDayAcrossMidnight('23:59:59', '00:00')).toBe(true);
    // `to` includes its whole minute: 18:00:30 to 18:00 is the half minute, not the day around it.
    expect(isTimeOfDayAcrossMidnight('18:00:30', '18:00')).toBe(false);
    expect(isTimeOfDayAcrossMidnight('18:01', '18:00')).toBe(true);
    expect(isTimeOfDayAcrossMidnight('09:00', '18:00')).toBe(false);
    expect(isTimeOfDayAcrossMidnight('09:00', undefined)).toBe(false);
  });
});

describe('formatPhone (issue 33: a phone reads the same on every screen)', () => {
  it('lays the digits into the mask and stops after the last one', () => {
    expect(formatPhone('996555123456')).toBe('+996 (555) 12-34-56');
    expect(formatPhone('99655')).toBe('+996 (55');
    expect(formatPhone('')).toBe('');
    // Digits past the mask are not shown.
    expect(formatPhone('9965551234567')).toBe('+996 (555) 12-34-56');
  });
});
