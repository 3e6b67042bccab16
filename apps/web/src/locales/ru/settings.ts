import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/settings';

export default {
  fields: {
    dateFormat: 'Формат даты',
    language: 'Язык интерфейса',
    timeZone: 'Часовой пояс',
  },
  hint: 'Эти настройки принадлежат вашему аккаунту и действуют в любом браузере, где вы входите в систему.',
  loadError: 'Не удалось загрузить настройки',
  saved: 'Настройки сохранены',
  timeZones: {
    'Asia/Almaty': 'Алматы (UTC+5)',
    'Asia/Bishkek': 'Бишкек (UTC+6)',
    'Asia/Tashkent': 'Ташкент (UTC+5)',
    'Europe/Moscow': 'Москва (UTC+3)',
    UTC: 'UTC',
  },
  title: 'Региональные настройки',
} satisfies TTranslation<typeof en>;
