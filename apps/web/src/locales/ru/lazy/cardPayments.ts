import type en from '@/locales/en/lazy/cardPayments';
import type { TTranslation } from '@/locales/types';

/** Платежи картой через платёжную систему (issue 39): список, один платёж и возврат на карту. */
export default {
  list: {
    title: 'Платежи картой',
    search: 'ID заказа или ID в платёжной системе',
  },
  columns: {
    createdAt: 'Создан',
    user: 'Пользователь',
    orderId: 'ID заказа',
    providerId: 'ID в платёжной системе',
    amount: 'Сумма, сом',
    refunded: 'Возвращено, сом',
    status: 'Статус',
    card: 'Карта',
    paidAt: 'Оплачен',
  },
  statuses: {
    created: 'Создан',
    pending: 'Ожидает оплаты',
    paid: 'Оплачен',
    failed: 'Не прошёл',
    expired: 'Истёк',
  },
  filters: {
    status: 'Статус',
    allStatuses: 'Все статусы',
    period: 'Дата создания',
    userId: 'ID пользователя',
  },
  totals: {
    title: 'Итого по выборке',
    count: 'Платежей: {{total}}',
    paid: 'Оплачено: {{amount}}\u00a0сом',
    refunded: 'Возвращено: {{amount}}\u00a0сом',
    error: 'Не удалось посчитать итоги',
  },
  details: {
    som: 'сом',
    back: 'Платежи картой',
    payment: 'Платёж',
    provider: 'Платёжная система',
    failure: 'Причина отказа',
    checkedAt: 'Последняя проверка статуса',
    entry: 'Операция по балансу',
    refunds: 'Возвраты на карту',
    refundsEmpty: 'Возвратов не было',
    refundAmount: 'Сумма, сом',
    refundReason: 'Причина',
    refundAccount: 'Кто сделал',
    events: 'Сообщения платёжной системы',
    eventsEmpty: 'Сообщений от платёжной системы нет',
    eventAt: 'Время',
    eventKind: 'Вид',
    eventSummary: 'Сообщение',
    invalidSignature: 'Подпись не подтверждена: не учтено',
  },
  providers: {
    freedompay: 'FreedomPay',
  },
  eventKinds: {
    init: 'Платёж создан',
    callback: 'Уведомление',
    status: 'Проверка статуса',
    refund: 'Возврат',
  },
  refund: {
    action: 'Вернуть на карту',
    title: 'Возврат на карту',
    intro: 'Платёж {{order}}: оплачено {{amount}}\u00a0сом, вернуть можно ещё {{left}}\u00a0сом.',
    amount: 'Сумма, сом',
    reason: 'Причина',
    submit: 'Вернуть',
    nothingLeft: 'Весь платёж уже возвращён',
  },
} satisfies TTranslation<typeof en>;
