import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/settings';

export default {
  fields: {
    dateFormat: 'Формат даты',
    language: 'Язык интерфейса',
    timeZone: 'Часовой пояс',
  },
  jobs: {
    empty: 'Ни одна задача ещё не выполнялась',
    failing: 'Сбоев подряд: {{count}}',
    hint: 'Сервер выполняет эти задачи в фоне, один раз за период на все свои процессы. Неудавшийся запуск повторяется, после каждого сбоя всё позже; задаче, которая сбоит снова и снова, нужен человек, который посмотрит на её ошибку.',
    lastError: 'Последняя ошибка',
    lastRun: 'Последний запуск',
    name: 'Задача',
    nextRun: 'Следующий запуск',
    ok: 'Работает',
    state: 'Состояние',
    title: 'Фоновые задачи',
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
