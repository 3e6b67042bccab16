import dayjs from 'dayjs';
import 'dayjs/locale/ky';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { i18n } from '@/lib/i18n';
import { toLanguage } from '@/lib/language';

/** The network runs in Kyrgyzstan: schedules and times are Bishkek time whatever the browser's zone. */
export const TIME_ZONE = 'Asia/Bishkek';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(TIME_ZONE);

// Month and weekday names follow the interface language. Set here rather than by i18n.ts, so dayjs stays out of
// the sign-in screens' download: whatever shows a date imports this module first.
const followLanguage = (language: string | undefined) => {
  dayjs.locale(toLanguage(language));
};
followLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', followLanguage);

export { formatDateTime } from '@/lib/dateTime';

/** An ISO date (`YYYY-MM-DD`, no time zone) shown as a day. */
export const formatDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('DD.MM.YYYY') : '';

/** An ISO date (`YYYY-MM-DD`) shown as its month, `MM.YYYY` (a card's validity). */
export const formatMonth = (value: string | null | undefined): string => (value ? dayjs(value).format('MM.YYYY') : '');
