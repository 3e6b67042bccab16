import type en from '@/locales/en/lazy/promoCodes';

const texts: typeof en = {
  states: {
    deactivated: 'Өчүрүлгөн',
    expired: 'Мөөнөтү бүткөн',
    unused: 'Колдонулган эмес',
    used: 'Колдонулган',
  },
  code: 'Код',
  count: 'Саны',
  deactivate: 'Өчүрүү ({{count}})',
  deactivated: 'Өчүрүлдү: {{count}}',
  deactivateConfirm:
    'Коддорду ({{count}}) өчүрөсүзбү? Айдоочулар аларды мындан ары колдоно алышпайт; муну артка кайтаруу мүмкүн эмес.',
  deactivateOk: 'Өчүрүү',
  cancel: 'Жокко чыгаруу',
  empty: 'Азырынча промокоддор жок',
  generate: 'Коддорду түзүү',
  generated: 'Түзүлгөн коддор: {{count}}',
  length: 'Префикстен кийинки белгилер',
  limits: 'Чектөөлөр: бардыгы {{total}}, бир колдонуучуга {{perUser}}',
  perUserLimit: 'Бир колдонуучунун колдонуулары',
  period: 'Колдонулат – чейин (Бишкек убактысы)',
  prefix: 'Префикс',
  promotion: 'Акция',
  redeem: {
    hint: 'Айдоочу алган код; тиркемедегидей эле эрежелер колдонулат.',
    submit: 'Колдонуу',
    success: '{{code}} промокоду {{name}} үчүн колдонулду',
    title: '{{name}} үчүн промокод',
  },
  required: 'Милдеттүү талаа.',
  search: 'Код боюнча издөө',
  state: 'Абалы',
  title: 'Промокоддор',
  totalLimit: 'Бардык колдонуулар',
  uses: 'Колдонуулар',
  validity: 'Колдонулат',
};

export default texts;
