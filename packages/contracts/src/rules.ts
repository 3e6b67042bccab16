import { z } from 'zod';
import { LIMITS, normalizePhone } from './constants';
import { TIME_PATTERN } from './scheduleRules';

export {
  COORDINATE_PATTERN,
  formatPhone,
  isValidPhone,
  LIMITS,
  normalizePhone,
  PHONE_MASK,
  STATION_PASSWORD_PATTERN,
} from './constants';

/** Validation building blocks shared by the server and the web app (docs/product/common.md#5-validation). */
const trimmed = () => z.string().trim();

/** A required text: trimmed, not blank, at most `max` characters. Messages are message keys. */
export const zRequiredText = (max: number) =>
  trimmed()
    .min(1, { message: 'blank' })
    .max(max, { message: `max_length:${max}` });

export const zOptionalText = (max: number) => trimmed().max(max, { message: `max_length:${max}` });

export const zEmail = () =>
  trimmed()
    .toLowerCase()
    .min(1, { message: 'email_required' })
    .max(LIMITS.email, { message: `max_length:${LIMITS.email}` })
    .pipe(z.email({ message: 'email_invalid' }));

export const zPassword = () =>
  z
    .string()
    .min(1, { message: 'password_required' })
    .min(LIMITS.passwordMin, { message: `password_min:${LIMITS.passwordMin}` })
    .max(LIMITS.passwordMax, { message: `max_length:${LIMITS.passwordMax}` });

export const zPhone = () =>
  z
    .string()
    .min(1, { message: 'phone_required' })
    .transform(normalizePhone)
    .refine((digits) => digits.length === LIMITS.phoneDigits, { message: 'phone_invalid' });

/** ISO date `YYYY-MM-DD`; a missing one is `required`, not `date_invalid`. */
export const zDate = () => z.iso.date({ error: (issue) => (issue.input === undefined ? 'required' : 'date_invalid') });

/**
 * Integers (issue 31): every integer of a request (path, query, JSON, multipart) is bounded by the column it reaches,
 * so that a value the database cannot hold is a 400 on its field, never a database error. PostgreSQL's `integer` and
 * `smallint`.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const SMALLINT_MAX = 32_767;

/** Message keys of an integer field; `message` alone replaces them all (a field with one message of its own). */
interface TIntOptions {
  min: number;
  max: number;
  message?: string;
}

const intSchema = ({ min, max, message }: TIntOptions) => {
  if (min < INT4_MIN || max > INT4_MAX) {
    throw new Error(`integer bounds ${min}..${max} exceed PostgreSQL's integer`);
  }
  return (
    z
      .number({ error: (issue) => message ?? (issue.input === undefined ? 'required' : 'integer_invalid') })
      // The bounds first, ending the checks: a number beyond them gets their message alone (2^63 is no safe integer too).
      .min(min, { message: message ?? `min_value:${min}`, abort: true })
      .max(max, { message: message ?? `max_value:${max}`, abort: true })
      .int({ message: message ?? 'integer_invalid' })
  );
};

/**
 * Text of an integer (a query string, a path, a multipart field): digits with an optional sign become the number;
 * blank is missing. Anything else stays as it came and is refused: `z.coerce` would take '' as 0, 'true' as 1,
 * '0x10' as 16 and '1e3' as 1000.
 */
const integerText = (value: unknown) => {
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();
  if (text === '') {
    return undefined;
  }
  return /^[+-]?\d+$/.test(text) ? Number(text) : value;
};

/** An integer of a JSON body: a JSON number, whole, within `min..max` (a string or a boolean is refused). */
export const zInt = (options: TIntOptions) => intSchema(options);

/** An integer taken from text (query, path, multipart) or a JSON number, within `min..max`. */
export const zIntText = (options: TIntOptions) => z.preprocess(integerText, intSchema(options));

/** A record's id in a JSON body: 1 to PostgreSQL's integer maximum. */
export const zId = (message?: string) => zInt({ min: 1, max: INT4_MAX, message });

/** A record's id in a query string, a path or a multipart field. */
export const zIdText = (message?: string) => zIntText({ min: 1, max: INT4_MAX, message });

const statusSchema = () =>
  z.literal([0, 1], { error: (issue) => (issue.input === undefined ? 'required' : 'invalid_choice') });

/** A status of a JSON body: 0 active or 1 inactive, nothing else (an unknown one is refused, never replaced). */
export const zStatus = () => statusSchema();

/** A status sent as text (multipart) or a JSON number: '0' or '1'. */
export const zStatusText = () => z.preprocess(integerText, statusSchema());

/** A pair of a request's fields: `[from, to]`. */
type TRangePair<T> = readonly [keyof T & string, keyof T & string];

/** How the ends of a pair compare. */
interface TRangeOptions {
  /** The message on the `to` field; `range_invalid` unless the pair's screen had its own. */
  message?: string;
  /** `true`: the ends may not be equal either (a period of instants that must last). */
  strict?: boolean;
}

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A comparable end: a number, a bigint (money in tyiyn), a date (`YYYY-MM-DD`, as text) or a date-time with its offset
 * (as its instant). Anything else is malformed, has its own message, and is not compared: a refinement runs after a
 * field's format issue too.
 */
const comparable = (value: unknown): number | bigint | string | undefined => {
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') {
    return value;
  }
  if (isoDate.safeParse(value).success) {
    return value as string;
  }
  return isoDateTime.safeParse(value).success ? Date.parse(value as string) : undefined;
};

/**
 * Every from/to pair of a request (dates, date-times, amounts) is checked by this one rule: when both ends are given
 * and well-formed, `from` may not come after `to` (nor equal it when `strict`); the message goes on the `to` field. A
 * malformed end already has its own message and is not compared. Time-of-day pairs are not listed here: `from` after
 * `to` is the range across midnight (`18:00` to `09:00` is the night), see `isTimeOfDayAcrossMidnight`.
 */
export const rangesInOrder =
  <T extends object>(pairs: readonly TRangePair<T>[], options: TRangeOptions = {}) =>
  (value: T, context: z.RefinementCtx) => {
    const record = value as Record<string, unknown>;
    for (const [from, to] of pairs) {
      const start = comparable(record[from]);
      const end = comparable(record[to]);
      if (start === undefined || end === undefined || typeof start !== typeof end) {
        continue;
      }
      if (options.strict ? start >= end : start > end) {
        context.addIssue({ code: 'custom', path: [to], message: options.message ?? 'range_invalid' });
      }
    }
  };

/** `HH:mm` or `HH:mm:ss` as seconds after midnight. */
const clockSeconds = (time: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return (hours * 60 + minutes) * 60 + seconds;
};

/**
 * A time-of-day filter (`…_time__from`/`…_time__to`, Bishkek wall clock) includes `to` to the end of its minute
 * (`HH:mm`) or second (`HH:mm:ss`). When `from` comes after that end, the range runs across midnight: `18:00` to
 * `09:00` is from 18:00 to 24:00 and from 00:00 to 09:00:59, the night. The list, its totals and its exports read it
 * alike.
 */
export const isTimeOfDayAcrossMidnight = (from: string | undefined, to: string | undefined) =>
  from !== undefined && to !== undefined && clockSeconds(from) >= clockSeconds(to) + (to.length === 5 ? 60 : 1);

/** The OpenAPI description of a time-of-day filter's ends. */
export const TIME_OF_DAY_DESCRIPTION =
  'Time of day in Asia/Bishkek, HH:mm or HH:mm:ss; `to` includes its whole minute or second. When `from` is after `to` ' +
  'the range runs across midnight: from=18:00&to=09:00 is the night, 18:00 to 24:00 and 00:00 to 09:00.';

/** A time-of-day filter's end: `HH:mm` or `HH:mm:ss`, Asia/Bishkek (see `isTimeOfDayAcrossMidnight`). */
export const zTimeOfDay = () =>
  z
    .string()
    .regex(/^\d{2}:\d{2}(:\d{2})?$/, { message: 'time_invalid' })
    .refine((value) => TIME_PATTERN.test(value.length === 5 ? `${value}:00` : value), { message: 'time_invalid' });

/** The values of a list filter: `1,2,3` or repeated `name=1&name=2`, trimmed, blanks dropped. */
const listParts = (value: string | string[]) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);

const zListText = () => z.union([z.string(), z.array(z.string())], { message: 'invalid_type' });

/** A list filter of ids (`station_id__in=1,2`): each a record's id, at most 1000; a bad one is a 400 on the field. */
export const zIdListText = () =>
  zListText().transform((value, context) => {
    const ids: number[] = [];
    for (const part of listParts(value)) {
      const id = integerText(part);
      const message =
        typeof id !== 'number' || !Number.isInteger(id)
          ? 'integer_invalid'
          : id < 1
            ? 'min_value:1'
            : id > INT4_MAX
              ? `max_value:${INT4_MAX}`
              : undefined;
      if (message) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      ids.push(id as number);
    }
    if (ids.length > 1000) {
      context.addIssue({ code: 'custom', message: 'max_items:1000' });
      return z.NEVER;
    }
    return ids;
  });

/** A list filter of an enum's values (`status=finished,stopped`): an unknown value is a 400 on the field. */
export const zEnumListText = <T extends string>(values: readonly T[]) =>
  zListText().transform((value, context) => {
    const parts = listParts(value);
    if (parts.length > 100 || !parts.every((part) => (values as readonly string[]).includes(part))) {
      context.addIssue({ code: 'custom', message: 'invalid_choice' });
      return z.NEVER;
    }
    return parts as T[];
  });

/** ISO weekdays, 1 (Monday) to 7 (Sunday). */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A list filter of ISO weekdays (`6,7` or repeated `name=6&name=7`), each 1 to 7, repeats dropped; anything else is a
 * 400 on the field ('weekday_invalid', charges.messages.ts).
 */
export const zWeekdayListText = () =>
  zListText().transform((value, context) => {
    const parts = listParts(value);
    if (parts.length > 100 || !parts.every((part) => /^[1-7]$/.test(part))) {
      context.addIssue({ code: 'custom', message: 'weekday_invalid' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });
