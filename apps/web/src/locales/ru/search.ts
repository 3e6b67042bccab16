import type en from '@/locales/en/search';
import type { TTranslation } from '@/locales/types';

/** Глобальный поиск в шапке (docs/product/search.md). */
export default {
  open: 'Поиск',
  shortcut: 'Поиск ({{keys}})',
  title: 'Поиск мерчантов, станций, пользователей, зарядок и аккаунтов',
  placeholder: 'Название, телефон, лицевой счёт, идентификатор, адрес или номер зарядки',
  hint: 'Введите хотя бы два символа; зарядка находится по номеру или ID транзакции.',
  results: 'Результаты',
  nothing: 'Ничего не найдено по «{{text}}»: проверьте написание или введите короче.',
  failed: 'Поиск не ответил. Попробуйте ещё раз.',
  more: 'Найдено больше: уточните запрос.',
  keys: '↑ ↓ — выбрать, Enter — открыть, Esc — закрыть',
  charge: 'Зарядка № {{number}}',
  groups: {
    merchants: 'Мерчанты',
    stations: 'Станции',
    users: 'Пользователи приложения',
    charges: 'Зарядки',
    accounts: 'Аккаунты',
  },
} satisfies TTranslation<typeof en>;
