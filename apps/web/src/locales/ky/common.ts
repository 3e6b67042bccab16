import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/common';

export default {
  appName: 'Заряд',
  actions: {
    back: 'Артка',
    block: 'Бөгөттөө',
    cancel: 'Жокко чыгаруу',
    confirm: 'Ырастоо',
    create: 'Түзүү',
    details: 'Толугураак',
    edit: 'Түзөтүү',
    goHome: 'Башкы бетке',
    reload: 'Баракты кайра жүктөө',
    save: 'Сактоо',
    unblock: 'Бөгөттөн чыгаруу',
  },
  errors: {
    formInvalidText:
      'Бир же бир нече милдеттүү талаа толтурулган эмес же туура эмес маалыматты камтыйт, киргизилген маалыматты текшериңиз.',
    formInvalidTitle: 'Талаа туура эмес толтурулган',
    notFoundText: 'Бул дарек боюнча барак жок.',
    notFoundTitle: 'Барак табылган жок',
    request: 'Сурамды иштеп чыгууда ката кетти',
    unexpected: 'Тиркемеде күтүлбөгөн ката кетти!',
    unexpectedHint:
      'Баракты көрсөтүүдө бир нерсе туура эмес болуп калды. Аны кайра жүктөңүз; ката кайталанса, колдоо кызматына билдириңиз.',
  },
  language: {
    label: 'Интерфейстин тили',
  },
  messages: {
    noData: 'маалымат жок',
    nothingFound: 'Эч нерсе табылган жок',
    requestSent: 'Сурам ийгиликтүү жөнөтүлдү',
  },
  status: {
    active: 'Активдүү',
    blocked: 'Бөгөттөлгөн',
  },
} satisfies TTranslation<typeof en>;
