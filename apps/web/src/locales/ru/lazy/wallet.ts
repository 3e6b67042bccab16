import type en from '@/locales/en/lazy/wallet';
import type { TTranslation } from '@/locales/types';

/** Возврат за зарядку на баланс и корректировка баланса (issue 39), каждая — с причиной. */
export default {
  reason: 'Причина',
  reasonHint: 'Её покажут журнал действий и выписка',
  amount: 'Сумма, сом',
  loadError: 'Не удалось загрузить данные. Попробуйте ещё раз.',
  rules: {
    amountRequired: 'Укажите сумму',
    amountInvalid: 'Введите сумму в сомах, например 1500 или 1500.50',
    amountDecimals: 'В сумме не больше 2 знаков после запятой',
    amountPositive: 'Сумма должна быть больше 0',
    moreThanLeft: 'Вернуть можно не больше {{amount}}\u00a0сом',
    correctionMax: 'Одна корректировка не может превышать {{amount}}\u00a0сом',
    refundReasonRequired: 'Укажите причину возврата',
    correctionReasonRequired: 'Укажите причину корректировки',
  },
  chargeRefund: {
    title: 'Возврат за зарядку № {{number}}',
    totalCost: 'Стоимость зарядки',
    refunded: 'Возвращено',
    left: 'Можно вернуть',
    figure: '{{amount}}\u00a0сом',
    entries: 'Сделанные возвраты',
    entryDate: 'Дата',
    entryAmount: 'Сумма, сом',
    entryComment: 'Причина',
    nothingLeft: 'Стоимость этой зарядки уже возвращена полностью',
    submit: 'Вернуть на баланс',
  },
  correction: {
    title: 'Корректировка баланса: {{name}}',
    direction: 'Направление',
    credit: 'Начислить на баланс',
    debit: 'Списать с баланса',
    available: 'Баланс {{balance}}\u00a0сом, доступно {{available}}\u00a0сом',
    submit: 'Скорректировать',
  },
} satisfies TTranslation<typeof en>;
