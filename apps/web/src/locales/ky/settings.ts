import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/settings';

export default {
  fields: {
    dateFormat: 'Күндүн форматы',
    language: 'Интерфейстин тили',
    timeZone: 'Убакыт алкагы',
  },
  jobs: {
    empty: 'Азырынча бир да тапшырма аткарылган жок',
    failing: 'Катары менен каталар: {{count}}',
    hint: 'Сервер бул тапшырмаларды фондо, бардык процесстери үчүн бир мезгилде бир жолу аткарат. Ийгиликсиз аткаруу кайталанат, ар бир катадан кийин кечирээк; кайра-кайра катага учураган тапшырманын катасын кимдир бирөө карап чыгышы керек.',
    lastError: 'Акыркы ката',
    lastRun: 'Акыркы аткаруу',
    name: 'Тапшырма',
    nextRun: 'Кийинки аткаруу',
    ok: 'Иштеп жатат',
    state: 'Абалы',
    title: 'Фондук тапшырмалар',
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
