import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/rates';

export default {
  defaults: {
    empty: 'Коннектор түрлөрү жок',
    none: 'коюлган эмес',
    title: 'Коннектор түрлөрү боюнча демейки тарифтер',
  },
  fields: {
    connectorType: 'Коннектордун түрү',
    fee: 'кВт·саат баасы, сом',
    id: 'ID',
    name: 'Аталышы',
    rateType: 'Тарифтин түрү',
    status: 'Абалы',
  },
  filters: {
    allConnectors: 'Бардык коннектор түрлөрү',
    allRateTypes: 'Бардык тариф түрлөрү',
    allStatuses: 'Бардык абалдар',
    connectorType: 'Коннектордун түрү боюнча чыпка',
    rateType: 'Тарифтин түрү боюнча чыпка',
    status: 'Абалы боюнча чыпка',
  },
  form: {
    activeLocked: 'Активдүү тарифти түзөтүүгө болбойт. Адегенде тизмеде анын абалын «Активдүү эмес» кылыңыз.',
    connectorPlaceholder: 'Коннектордун түрүн тандаңыз',
    created: 'Тариф түзүлдү',
    createTitle: 'Жаңы тариф',
    editTitle: '{{name}} — тарифти түзөтүү',
    feeHint: 'кВт·саат үчүн сом, үтүрдөн кийин 2 белгиден ашпайт',
    loadError: 'Тарифти жүктөө мүмкүн болгон жок',
    saved: 'Өзгөртүүлөр сакталды',
  },
  list: {
    create: 'Тариф түзүү',
    deleted: 'Тариф өчүрүлдү',
    deleteLabel: '{{name}} өчүрүү',
    editLabel: '{{name}} түзөтүү',
    lockedHint: 'Активдүү тарифти түзөтүүгө да, өчүрүүгө да болбойт',
    search: 'Аталышы боюнча издөө',
    title: 'Тарифтер',
  },
  price: '{{fee}}\u00a0сом',
  rateType: {
    default: 'Демейки',
    personal: 'Жеке',
  },
} satisfies TTranslation<typeof en>;
