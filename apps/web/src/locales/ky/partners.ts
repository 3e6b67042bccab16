import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/partners';

export default {
  fields: {
    agreement: 'Келишим',
    agreementNumber: 'Келишимдин номери',
    contactPerson: 'Байланыш адамы',
    email: 'Электрондук почта',
    endDate: 'Аяктоо күнү',
    id: 'ID',
    legalEntity: 'Юридикалык жак',
    name: 'Аталышы',
    percentage: 'Пайыз, %',
    phone: 'Телефон',
    startDate: 'Башталыш күнү',
    status: 'Абалы',
  },
  form: {
    created: 'Өнөктөш кошулду',
    createTitle: 'Жаңы өнөктөш',
    editTitle: '{{name}} — өнөктөштү түзөтүү',
    endOpen: 'Мөөнөтсүз',
    saved: 'Өзгөртүүлөр сакталды',
  },
  list: {
    create: 'Өнөктөш кошуу',
    editLabel: '{{name}} түзөтүү',
    search: 'Аталышы, юридикалык жагы же келишими боюнча издөө',
    title: 'Программа ижарасы боюнча өнөктөштөр',
    untilOpen: '{{start}} баштап',
  },
} satisfies TTranslation<typeof en>;
