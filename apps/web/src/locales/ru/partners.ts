import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/partners';

export default {
  fields: {
    agreement: 'Договор',
    agreementNumber: 'Номер договора',
    contactPerson: 'Контактное лицо',
    email: 'Электронная почта',
    endDate: 'Дата окончания',
    id: 'ID',
    legalEntity: 'Юридическое лицо',
    name: 'Название',
    percentage: 'Процент, %',
    phone: 'Телефон',
    startDate: 'Дата начала',
    status: 'Статус',
  },
  form: {
    created: 'Партнёр добавлен',
    createTitle: 'Новый партнёр',
    editTitle: '{{name}} — редактирование партнёра',
    endOpen: 'Бессрочно',
    saved: 'Изменения сохранены',
  },
  list: {
    create: 'Добавить партнёра',
    editLabel: 'Редактировать {{name}}',
    search: 'Поиск по названию, юрлицу или договору',
    title: 'Партнёры по аренде ПО',
    untilOpen: 'с {{start}}',
  },
} satisfies TTranslation<typeof en>;
