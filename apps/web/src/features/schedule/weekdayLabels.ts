import { useTranslation } from 'react-i18next';

const FULL = [
  'weekdays.0',
  'weekdays.1',
  'weekdays.2',
  'weekdays.3',
  'weekdays.4',
  'weekdays.5',
  'weekdays.6',
] as const;
const SHORT = [
  'weekdaysShort.0',
  'weekdaysShort.1',
  'weekdaysShort.2',
  'weekdaysShort.3',
  'weekdaysShort.4',
  'weekdaysShort.5',
  'weekdaysShort.6',
] as const;

/** Weekday names for API day numbers 0 (Monday) to 6 (Sunday), in the interface language. */
export const useWeekdayLabels = () => {
  const { t } = useTranslation('schedule');
  return {
    full: (day: number) => (FULL[day] ? t(FULL[day]) : String(day + 1)),
    short: (day: number) => (SHORT[day] ? t(SHORT[day]) : String(day + 1)),
  };
};
