/**
 * The network's clock: Asia/Bishkek, UTC+6 all year without daylight saving (docs/design.md#9-money-charges-and-time). Times are stored in
 * UTC; days and times of day in filters, exports and screens are Bishkek's.
 */
import { isTimeOfDayAcrossMidnight } from '@zaryad/contracts';
import { gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export const BISHKEK_OFFSET = '+06:00';
export const BISHKEK_OFFSET_SECONDS = 6 * 3600;
const DAY_MS = 24 * 3600 * 1000;

/** The instant a Bishkek day (`YYYY-MM-DD`) begins. */
export const bishkekDayStart = (day: string) => new Date(`${day}T00:00:00${BISHKEK_OFFSET}`);
/** The instant after a Bishkek day ends (the next day's start): ranges are `>= start and < end`. */
export const bishkekDayEnd = (day: string) => new Date(bishkekDayStart(day).getTime() + DAY_MS);

/** `from` and `to` days, both included, as conditions on a timestamp column (each side optional). */
export const bishkekDays = (column: PgColumn, from: string | undefined, to: string | undefined): SQL[] => [
  ...(from ? [gte(column, bishkekDayStart(from))] : []),
  ...(to ? [lt(column, bishkekDayEnd(to))] : []),
];

/**
 * A time-of-day range in Bishkek, both ends included to the end of the minute or second given, on a timestamp column:
 * `from` alone is "from then to midnight", `to` alone "from midnight to then"; `from` after `to` runs across midnight
 * (`18:00` to `09:00` is the night: from 18:00, or to 09:00:59; `isTimeOfDayAcrossMidnight`, issue 31). The wall clock
 * is the instant at the fixed offset (`AT TIME ZONE` an interval needs no time-zone database) as a `time`: cheaper per
 * row than epoch arithmetic, which is numeric since PostgreSQL 14 (a month's 820,000 charges: 255 to 200 ms).
 */
export const bishkekTimeOfDay = (column: PgColumn, from: string | undefined, to: string | undefined): SQL[] => {
  const clock = sql`(${column} at time zone interval '${sql.raw(BISHKEK_OFFSET)}')::time`;
  const lastInstant = (time: string) => `${time}${time.length === 5 ? ':59' : ''}.999999`;
  const after = from ? sql`${clock} >= ${from}::time` : undefined;
  const before = to ? sql`${clock} <= ${lastInstant(to)}::time` : undefined;
  if (after && before && isTimeOfDayAcrossMidnight(from, to)) {
    return [or(after, before) as SQL];
  }
  return [...(after ? [after] : []), ...(before ? [before] : [])];
};

/**
 * ISO weekdays (1 Monday to 7 Sunday) of a timestamp column in Bishkek: the weekday of the instant at the fixed offset.
 * No weekdays (absent or empty) set no condition.
 */
export const bishkekWeekdays = (column: PgColumn, weekdays: readonly number[] | undefined): SQL[] =>
  weekdays && weekdays.length > 0
    ? [
        sql`extract(isodow from ${column} at time zone interval '${sql.raw(BISHKEK_OFFSET)}') in (${sql.join(
          weekdays.map((weekday) => sql`${weekday}`),
          sql`, `,
        )})`,
      ]
    : [];

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-23 14:05:09` in Bishkek, for exports. */
export const formatBishkekDateTime = (instant: Date) => {
  const shifted = new Date(instant.getTime() + BISHKEK_OFFSET_SECONDS * 1000);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
};

/** Today's date in Bishkek, `YYYY-MM-DD`. */
export const bishkekToday = (now = new Date()) => formatBishkekDateTime(now).slice(0, 10);

/** Whole years from a birthday to a Bishkek day. */
export const ageOn = (birthday: string, today: string) => {
  const [birthYear = 0, birthMonth = 0, birthDay = 0] = birthday.split('-').map(Number);
  const [year = 0, month = 0, day = 0] = today.split('-').map(Number);
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
};
