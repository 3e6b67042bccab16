import type en from '@/locales/en/savedViews';
import type { TTranslation } from '@/locales/types';

/** Сохранённые представления и фильтры-метки списков зарядок, пользователей и выписки (docs/product/search.md). */
export default {
  views: 'Представления',
  menu: 'Представления списка',
  menuActive: '{{name}} — представление списка',
  mine: 'Мои представления',
  shared: 'Общие',
  sharedBy: '{{name}} ({{owner}})',
  sharedIcon: 'Общее',
  saveCurrent: 'Сохранить текущее представление…',
  update: 'Сохранить текущие фильтры и столбцы в «{{name}}»',
  updated: 'Представление обновлено',
  rename: 'Переименовать…',
  share: 'Открыть всем',
  unshare: 'Оставить только себе',
  delete: 'Удалить',
  deleteConfirm: 'Удалить представление «{{name}}»?',
  cancel: 'Отмена',
  save: 'Сохранить',
  saved: 'Представление «{{name}}» сохранено',
  name: 'Название',
  nameRequired: 'Введите название',
  shareWithEveryone: 'Открыть всем аккаунтам',
  failed: 'Представление не сохранено. Попробуйте ещё раз.',
  chips: 'Действующие фильтры',
  search: 'Поиск',
  remove: 'Убрать фильтр {{filter}}',
  clearAll: 'Сбросить все',
} satisfies TTranslation<typeof en>;
