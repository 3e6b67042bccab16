import type en from '@/locales/en/map';
import type { TTranslation } from '@/locales/types';

export default {
  actions: {
    backToForm: 'Вернуться к форме',
    cancel: 'Отмена',
    okay: 'Хорошо',
    openSearch: 'Найти место',
    saveCoordinates: 'Сохранить координаты',
  },
  addressLoading: 'Определяем адрес…',
  addressUnknown: 'Не удалось определить адрес',
  coordinates: 'Широта {{latitude}}, долгота {{longitude}}',
  label: 'Карта',
  notFound: {
    text: 'По запросу «{{query}}» ничего не найдено. Проверьте написание или попробуйте другой адрес.',
    title: 'Поиск не дал результатов',
  },
  pickTitle: 'Местоположение станции',
  searchPlaceholder: 'Адрес или место',
  stationIsHere: 'Станция здесь',
  title: 'Выбор точки на карте',
} satisfies TTranslation<typeof en>;
