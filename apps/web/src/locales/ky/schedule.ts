import type en from '@/locales/en/schedule';
import type { TTranslation } from '@/locales/types';

export default {
  actions: {
    addBreak: 'Тыныгуу кошуу',
    change: 'Иштөө режимин өзгөртүү',
    removeBreak: 'Тыныгууну өчүрүү',
    set: 'Иштөө режимин көрсөтүү',
  },
  applyToAll: 'Тыныгууну бардык иш күндөрүнө колдонуу',
  columns: {
    day: 'Жуманын күнү',
    end: 'Аякташы',
    hours: 'Саат',
    start: 'Башталышы',
  },
  allDays: 'Бардык күндөр',
  breakLabel: 'Тыныгуу',
  breakEndOf: 'Тыныгуунун аягы, {{day}}',
  breakStartOf: 'Тыныгуунун башы, {{day}}',
  endOf: 'Аякташы, {{day}}',
  hours: '{{hours}} саат',
  invalid: 'Иштөө режимин текшериңиз',
  startOf: 'Башталышы, {{day}}',
  summary: {
    allWeek: 'дем алышсыз',
    break: 'тыныгуу {{range}}',
    daysOff: 'дем алыш: {{days}}',
    empty: 'Көрсөтүлгөн эмес',
    nonStandard: 'Стандарттуу эмес иштөө режими',
  },
  title: 'Иштөө режими',
  weekdays: {
    '0': 'Дүйшөмбү',
    '1': 'Шейшемби',
    '2': 'Шаршемби',
    '3': 'Бейшемби',
    '4': 'Жума',
    '5': 'Ишемби',
    '6': 'Жекшемби',
  },
  weekdaysShort: {
    '0': 'Дш',
    '1': 'Шш',
    '2': 'Шр',
    '3': 'Бш',
    '4': 'Жм',
    '5': 'Иш',
    '6': 'Жк',
  },
} satisfies TTranslation<typeof en>;
