import type { TTranslation } from '@/locales/types';
import type en from '@/locales/en/catalogue';

export default {
  fields: {
    icon: 'Сүрөтчө',
    iconHint: 'SVG, 256KBдан ашпашы керек',
    id: 'ID',
    languages: 'Тилдер',
    status: 'Абалы',
    title: 'Аталышы',
    titleEn: 'Англисче аталышы',
    titleKy: 'Кыргызча аталышы',
    titleRu: 'Орусча аталышы',
  },
  infrastructure: {
    create: 'Инфраструктура кошуу',
    created: 'Инфраструктура объектиси түзүлдү',
    createTitle: 'Жаңы инфраструктура объектиси',
    deleted: 'Инфраструктура объектиси өчүрүлдү',
    deleteTitle: '«{{title}}» инфраструктура объектисин өчүрөсүзбү?',
    editTitle: '{{name}} — инфраструктура объектисин түзөтүү',
    iconAlt: 'Сүрөтчө: {{title}}',
    iconUpload: 'SVG жүктөө',
    saved: 'Өзгөртүүлөр сакталды',
    search: 'Инфраструктура боюнча издөө',
    title: 'Инфраструктура',
  },
  list: {
    actions: 'Аракеттер',
    deleteActive: 'Активдүү жазууну өчүрүүгө болбойт. Адегенде аны активдүү эмес абалга которуңуз.',
    deleteLabel: 'Өчүрүү: {{title}}',
    editLabel: 'Түзөтүү: {{title}}',
  },
  tags: {
    create: 'Тег кошуу',
    created: 'Тег түзүлдү',
    createTitle: 'Жаңы тег',
    deleted: 'Тег өчүрүлдү',
    deleteTitle: '«{{title}}» тегин өчүрөсүзбү?',
    editTitle: '{{name}} — тегди түзөтүү',
    saved: 'Өзгөртүүлөр сакталды',
    search: 'Тегдер боюнча издөө',
    title: 'Тегдер',
  },
} satisfies TTranslation<typeof en>;
