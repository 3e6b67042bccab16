import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/catalogue';

export default {
  fields: {
    icon: 'Иконка',
    iconHint: 'SVG, не больше 256KB',
    id: 'ID',
    languages: 'Языки',
    status: 'Статус',
    title: 'Название',
    titleEn: 'Название на английском',
    titleKy: 'Название на кыргызском',
    titleRu: 'Название на русском',
  },
  infrastructure: {
    create: 'Добавить инфраструктуру',
    created: 'Объект инфраструктуры создан',
    createTitle: 'Новый объект инфраструктуры',
    deleted: 'Объект инфраструктуры удалён',
    deleteTitle: 'Удалить объект инфраструктуры «{{title}}»?',
    editTitle: '{{name}} — редактирование объекта инфраструктуры',
    iconAlt: 'Иконка: {{title}}',
    iconUpload: 'Загрузить SVG',
    saved: 'Изменения сохранены',
    search: 'Поиск по инфраструктуре',
    title: 'Инфраструктура',
  },
  list: {
    actions: 'Действия',
    deleteActive: 'Активную запись нельзя удалить. Сначала деактивируйте её.',
    deleteLabel: 'Удалить: {{title}}',
    editLabel: 'Редактировать: {{title}}',
  },
  tags: {
    create: 'Добавить тег',
    created: 'Тег создан',
    createTitle: 'Новый тег',
    deleted: 'Тег удалён',
    deleteTitle: 'Удалить тег «{{title}}»?',
    editTitle: '{{name}} — редактирование тега',
    saved: 'Изменения сохранены',
    search: 'Поиск по тегам',
    title: 'Теги',
  },
} satisfies TTranslation<typeof en>;
