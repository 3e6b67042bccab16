import type en from '@/locales/en/lazy/cardPayments';
import type { TTranslation } from '@/locales/types';

/** Төлөм системасы аркылуу карта менен төлөмдөр (issue 39): тизме, бир төлөм жана картага кайтаруу. */
export default {
  list: {
    title: 'Карта менен төлөмдөр',
    search: 'Буйрутманын ID же төлөм системасындагы ID',
  },
  columns: {
    createdAt: 'Түзүлгөн',
    user: 'Колдонуучу',
    orderId: 'Буйрутманын ID',
    providerId: 'Төлөм системасындагы ID',
    amount: 'Суммасы, сом',
    refunded: 'Кайтарылды, сом',
    status: 'Абалы',
    card: 'Карта',
    paidAt: 'Төлөнгөн',
  },
  statuses: {
    created: 'Түзүлдү',
    pending: 'Төлөм күтүлүүдө',
    paid: 'Төлөндү',
    failed: 'Өткөн жок',
    expired: 'Мөөнөтү бүттү',
  },
  filters: {
    status: 'Абалы',
    allStatuses: 'Бардык абалдар',
    period: 'Түзүлгөн күнү',
    userId: 'Колдонуучунун ID',
  },
  totals: {
    title: 'Тандоо боюнча жыйынтык',
    count: 'Төлөмдөр: {{total}}',
    paid: 'Төлөндү: {{amount}}\u00a0сом',
    refunded: 'Кайтарылды: {{amount}}\u00a0сом',
    error: 'Жыйынтыктарды эсептөө мүмкүн болгон жок',
  },
  details: {
    som: 'сом',
    back: 'Карта менен төлөмдөр',
    payment: 'Төлөм',
    provider: 'Төлөм системасы',
    failure: 'Баш тартуунун себеби',
    checkedAt: 'Абалды акыркы текшерүү',
    entry: 'Баланс боюнча операция',
    refunds: 'Картага кайтаруулар',
    refundsEmpty: 'Кайтаруулар болгон жок',
    refundAmount: 'Суммасы, сом',
    refundReason: 'Себеби',
    refundAccount: 'Ким жасады',
    events: 'Төлөм системасынын билдирүүлөрү',
    eventsEmpty: 'Төлөм системасынан билдирүүлөр жок',
    eventAt: 'Убактысы',
    eventKind: 'Түрү',
    eventSummary: 'Билдирүү',
    invalidSignature: 'Кол тамга ырасталган жок: эсепке алынган жок',
  },
  providers: {
    freedompay: 'FreedomPay',
  },
  eventKinds: {
    init: 'Төлөм түзүлдү',
    callback: 'Билдирме',
    status: 'Абалды текшерүү',
    refund: 'Кайтаруу',
  },
  refund: {
    action: 'Картага кайтаруу',
    title: 'Картага кайтаруу',
    intro: '{{order}} төлөмү: {{amount}}\u00a0сом төлөнгөн, дагы {{left}}\u00a0сом кайтарууга болот.',
    amount: 'Суммасы, сом',
    reason: 'Себеби',
    submit: 'Кайтаруу',
    nothingLeft: 'Төлөм толугу менен кайтарылган',
  },
} satisfies TTranslation<typeof en>;
