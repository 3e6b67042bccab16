import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/settings';

export default {
  fields: {
    dateFormat: 'Күндүн форматы',
    language: 'Интерфейстин тили',
    timeZone: 'Убакыт алкагы',
  },
  hint: 'Бул жөндөөлөр сиздин аккаунтуңузга таандык жана сиз кирген ар бир браузерде иштейт.',
  loadError: 'Жөндөөлөрдү жүктөө мүмкүн болгон жок',
  saved: 'Жөндөөлөр сакталды',
  timeZones: {
    'Asia/Almaty': 'Алматы (UTC+5)',
    'Asia/Bishkek': 'Бишкек (UTC+6)',
    'Asia/Tashkent': 'Ташкент (UTC+5)',
    'Europe/Moscow': 'Москва (UTC+3)',
    UTC: 'UTC',
  },
  title: 'Аймактык жөндөөлөр',
} satisfies TTranslation<typeof en>;
