import type { Locale } from 'antd/es/locale';
// The `es` builds: `antd/locale/*` is CommonJS and would drag a second copy of the date picker along.
import enUS from 'antd/es/locale/en_US';
import ruRU from 'antd/es/locale/ru_RU';
import type { TLanguage } from '@/lib/language';

/**
 * Ant Design has no Kyrgyz locale. Kyrgyz operators read Russian, so ky starts from ru_RU and translates the
 * texts our screens actually show (tables, pagination, confirmations, date picker, copy buttons).
 */
const KY_TIME_PICKER = {
  placeholder: 'Убакытты тандаңыз',
  rangePlaceholder: ['Башталыш убактысы', 'Аяктоо убактысы'] as [string, string],
};

const kyKG: Locale = {
  ...ruRU,
  locale: 'ky',
  global: { ...ruRU.global, placeholder: 'Тандаңыз', close: 'Жабуу' },
  Pagination: {
    ...ruRU.Pagination,
    items_per_page: '/ барак',
    jump_to: 'Өтүү',
    jump_to_confirm: 'ырастоо',
    page: 'Барак',
    prev_page: 'Мурунку барак',
    next_page: 'Кийинки барак',
    prev_5: 'Мурунку 5',
    next_5: 'Кийинки 5',
    prev_3: 'Мурунку 3',
    next_3: 'Кийинки 3',
    page_size: 'барактын өлчөмү',
  },
  Table: {
    ...ruRU.Table,
    emptyText: 'Маалымат жок',
    selectAll: 'Баарын тандоо',
    selectNone: 'Тандоону тазалоо',
    selectionAll: 'Бардык маалыматты тандоо',
    filterReset: 'Тазалоо',
  },
  Modal: { okText: 'OK', cancelText: 'Жокко чыгаруу', justOkText: 'OK' },
  Popconfirm: { okText: 'OK', cancelText: 'Жокко чыгаруу' },
  Empty: { description: 'Маалымат жок' },
  Text: {
    ...ruRU.Text,
    edit: 'Түзөтүү',
    copy: 'Көчүрүү',
    copied: 'Көчүрүлдү',
    expand: 'Жайып көрсөтүү',
    collapse: 'Жыйноо',
  },
  DatePicker: ruRU.DatePicker && {
    ...ruRU.DatePicker,
    lang: {
      ...ruRU.DatePicker.lang,
      // rc-picker maps `ky` to dayjs's Kyrgyz locale (month and weekday names).
      locale: 'ky',
      placeholder: 'Күндү тандаңыз',
      yearPlaceholder: 'Жылды тандаңыз',
      quarterPlaceholder: 'Чейректи тандаңыз',
      monthPlaceholder: 'Айды тандаңыз',
      weekPlaceholder: 'Жуманы тандаңыз',
      rangePlaceholder: ['Башталыш күнү', 'Аяктоо күнү'],
      rangeYearPlaceholder: ['Башталыш жылы', 'Аяктоо жылы'],
      rangeQuarterPlaceholder: ['Башталыш чейреги', 'Аяктоо чейреги'],
      rangeMonthPlaceholder: ['Башталыш айы', 'Аяктоо айы'],
      rangeWeekPlaceholder: ['Башталыш жумасы', 'Аяктоо жумасы'],
      today: 'Бүгүн',
      now: 'Азыр',
      backToToday: 'Бүгүнкү күн',
      ok: 'OK',
      clear: 'Тазалоо',
      shortWeekDays: ['Жек', 'Дүй', 'Шей', 'Шар', 'Бей', 'Жум', 'Ише'],
      previousMonth: 'Мурунку ай',
      nextMonth: 'Кийинки ай',
      previousYear: 'Мурунку жыл',
      nextYear: 'Кийинки жыл',
      monthSelect: 'Айды тандоо',
      yearSelect: 'Жылды тандоо',
    },
    timePickerLocale: KY_TIME_PICKER,
  },
  TimePicker: KY_TIME_PICKER,
};

export const ANTD_LOCALES: Record<TLanguage, Locale> = { ru: ruRU, en: enUS, ky: kyKG };
