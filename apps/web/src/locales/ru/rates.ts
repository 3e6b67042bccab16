import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/rates';

export default {
  defaults: {
    empty: 'Нет типов коннекторов',
    none: 'не задан',
    title: 'Тарифы по умолчанию по типам коннекторов',
  },
  fields: {
    connectorType: 'Тип коннектора',
    fee: 'Цена за кВт·ч, сом',
    id: 'ID',
    name: 'Название',
    rateType: 'Тип тарифа',
    status: 'Статус',
  },
  filters: {
    allConnectors: 'Все типы коннекторов',
    allRateTypes: 'Все типы тарифов',
    allStatuses: 'Все статусы',
    connectorType: 'Фильтр по типу коннектора',
    rateType: 'Фильтр по типу тарифа',
    status: 'Фильтр по статусу',
  },
  form: {
    activeLocked: 'Активный тариф нельзя редактировать. Сначала деактивируйте его в списке.',
    connectorPlaceholder: 'Выберите тип коннектора',
    created: 'Тариф создан',
    createTitle: 'Новый тариф',
    editTitle: '{{name}} — редактирование тарифа',
    feeHint: 'Сом за кВт·ч, не более 2 знаков после запятой',
    loadError: 'Не удалось загрузить тариф',
    saved: 'Изменения сохранены',
  },
  list: {
    create: 'Создать тариф',
    deleted: 'Тариф удалён',
    deleteLabel: 'Удалить {{name}}',
    editLabel: 'Редактировать {{name}}',
    lockedHint: 'Активный тариф нельзя ни редактировать, ни удалить',
    search: 'Поиск по названию',
    title: 'Тарифы',
  },
  price: '{{fee}}\u00a0сом',
  rateType: {
    default: 'По умолчанию',
    personal: 'Персональный',
  },
} satisfies TTranslation<typeof en>;
