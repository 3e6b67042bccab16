import dayjs from 'dayjs';
import 'dayjs/locale/ky';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TLanguage } from '@/lib/language';

/** The network runs in Kyrgyzstan: schedules and times are Bishkek time whatever the browser's zone. */
export const TIME_ZONE = 'Asia/Bishkek';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(TIME_ZONE);

export const setDatesLanguage = (language: TLanguage) => {
  dayjs.locale(language);
};

/** An API timestamp shown in Bishkek time. */
export const formatDateTime = (value: string | null | undefined): string =>
  value ? dayjs(value).tz(TIME_ZONE).format('DD.MM.YYYY HH:mm') : '';

/** An ISO date (`YYYY-MM-DD`, no time zone) shown as a day. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('DD.MM.YYYY') : '';
