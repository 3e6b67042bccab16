import type en from '@/locales/en/schedule';
import type { TTranslation } from '@/locales/types';

export default {
  actions: {
    addBreak: 'Добавить перерыв',
    change: 'Изменить режим работы',
    removeBreak: 'Удалить перерыв',
    set: 'Указать режим работы',
  },
  applyToAll: 'Применить перерыв ко всем рабочим дням',
  columns: {
    day: 'День недели',
    end: 'Окончание',
    hours: 'Часы',
    start: 'Начало',
  },
  allDays: 'Все дни',
  breakLabel: 'Перерыв',
  breakEndOf: 'Конец перерыва, {{day}}',
  breakStartOf: 'Начало перерыва, {{day}}',
  endOf: 'Окончание, {{day}}',
  hours: '{{hours}} ч',
  invalid: 'Проверьте режим работы',
  startOf: 'Начало, {{day}}',
  summary: {
    allWeek: 'без выходных',
    break: 'перерыв {{range}}',
    daysOff: 'выходной: {{days}}',
    empty: 'Не указан',
    nonStandard: 'Нестандартный режим работы',
  },
  title: 'Режим работы',
  weekdays: {
    '0': 'Понедельник',
    '1': 'Вторник',
    '2': 'Среда',
    '3': 'Четверг',
    '4': 'Пятница',
    '5': 'Суббота',
    '6': 'Воскресенье',
  },
  weekdaysShort: {
    '0': 'Пн',
    '1': 'Вт',
    '2': 'Ср',
    '3': 'Чт',
    '4': 'Пт',
    '5': 'Сб',
    '6': 'Вс',
  },
} satisfies TTranslation<typeof en>;
