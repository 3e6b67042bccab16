import dayjs, { type Dayjs } from 'dayjs';
import { TIME_ZONE } from '@/lib/dates';

/** A period as the picker holds it: wall-clock times in Bishkek, whatever the browser's zone. */
export type TPeriodValue = [Dayjs, Dayjs] | null;

const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';

/** A picker's wall-clock time read as Bishkek time: `2026-12-01T09:00:00+06:00`. */
export const toApiDateTime = (value: Dayjs): string => dayjs.tz(value.format(WALL_CLOCK), TIME_ZONE).format();

/** An API time as the picker shows it: its Bishkek wall-clock time. */
export const fromApiDateTime = (value: string): Dayjs => dayjs(dayjs(value).tz(TIME_ZONE).format(WALL_CLOCK));

/** A stored record's period as the picker shows it. */
export const periodOf = (item: { start_date: string; end_date: string }): [Dayjs, Dayjs] => [
  fromApiDateTime(item.start_date),
  fromApiDateTime(item.end_date),
];

/** The multipart entries of a period (`start_date`, `end_date`); none while it is empty. */
export const periodEntries = (period: TPeriodValue): [string, string][] =>
  period
    ? [
        ['start_date', toApiDateTime(period[0])],
        ['end_date', toApiDateTime(period[1])],
      ]
    : [];

/** Where the server's period fields go on a form that shows them as one `period` field. */
export const PERIOD_FIELD_OF = { start_date: 'period', end_date: 'period' } as const;
