import type en from '@/locales/en/map';
import type { TTranslation } from '@/locales/types';

export default {
  actions: {
    backToForm: 'Формага кайтуу',
    cancel: 'Жокко чыгаруу',
    okay: 'Макул',
    openSearch: 'Жерди издөө',
    saveCoordinates: 'Координаттарды сактоо',
  },
  addressLoading: 'Дарек аныкталууда…',
  addressUnknown: 'Даректи аныктоо мүмкүн болбоду',
  coordinates: 'Кеңдик {{latitude}}, узундук {{longitude}}',
  label: 'Карта',
  notFound: {
    text: '«{{query}}» боюнча эч нерсе табылган жок. Жазылышын текшериңиз же башка даректи жазып көрүңүз.',
    title: 'Издөө натыйжа берген жок',
  },
  pickTitle: 'Станциянын жайгашкан жери',
  searchPlaceholder: 'Дарек же жер',
  stationIsHere: 'Станция ушул жерде',
  title: 'Картадан чекит тандоо',
} satisfies TTranslation<typeof en>;
