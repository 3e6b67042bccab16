/**
 * Messages of the wallet (issue 39, docs/product/payments.md): card top-ups through the payment provider, holds while
 * charging, refunds and corrections.
 */
const en = {
  top_up_amount_min: 'A card top-up is at least {limit} som',
  top_up_amount_max: 'A card top-up is at most {limit} som',
  payments_unavailable: 'Card payments are not available now. Try again later or top up at the network’s office.',
  payment_provider_failed: 'The payment provider did not accept the payment. Try again in a minute.',
  payment_not_found: 'Payment not found.',
  payment_not_refundable: 'Only a paid payment can be refunded.',
  refund_more_than_left: 'At most {limit} som is left to refund.',
  refund_reason_required: 'Enter the reason for the refund',
  refund_provider_failed: 'The payment provider refused the refund. Nothing was changed.',
  refund_balance_too_low: 'The driver’s available balance is {limit} som: a refund to the card cannot take more.',
  refund_done: 'Refunded {limit} som',
  charge_not_refundable: 'Only an ended charge with a cost can be refunded.',
  correction_reason_required: 'Enter the reason for the correction',
  correction_more_than_available: 'The driver’s available balance is {limit} som: a correction cannot take more.',
  correction_done: 'The balance has been corrected by {limit} som',
  payment_status_created: 'Created',
  payment_status_pending: 'Awaiting payment',
  payment_status_paid: 'Paid',
  payment_status_failed: 'Failed',
  payment_status_expired: 'Expired',
  payment_mismatch: 'The payments and the ledger disagree: {limit}',
} as const;

type TPaymentsMessages = Record<keyof typeof en, string>;

const ru: TPaymentsMessages = {
  top_up_amount_min: 'Пополнение картой — не меньше {limit} сом',
  top_up_amount_max: 'Пополнение картой — не больше {limit} сом',
  payments_unavailable: 'Оплата картой сейчас недоступна. Повторите позже или пополните баланс в офисе сети.',
  payment_provider_failed: 'Платёжная система не приняла платёж. Повторите через минуту.',
  payment_not_found: 'Платёж не найден.',
  payment_not_refundable: 'Вернуть можно только оплаченный платёж.',
  refund_more_than_left: 'Осталось вернуть не больше {limit} сом.',
  refund_reason_required: 'Укажите причину возврата',
  refund_provider_failed: 'Платёжная система отказала в возврате. Ничего не изменено.',
  refund_balance_too_low: 'Доступный баланс водителя — {limit} сом: возврат на карту не может забрать больше.',
  refund_done: 'Возвращено {limit} сом',
  charge_not_refundable: 'Вернуть можно только завершённую зарядку со стоимостью.',
  correction_reason_required: 'Укажите причину корректировки',
  correction_more_than_available: 'Доступный баланс водителя — {limit} сом: корректировка не может забрать больше.',
  correction_done: 'Баланс скорректирован на {limit} сом',
  payment_status_created: 'Создан',
  payment_status_pending: 'Ожидает оплаты',
  payment_status_paid: 'Оплачен',
  payment_status_failed: 'Не прошёл',
  payment_status_expired: 'Истёк',
  payment_mismatch: 'Платежи и журнал баланса расходятся: {limit}',
};

const ky: TPaymentsMessages = {
  top_up_amount_min: 'Карта менен толуктоо кеминде {limit} сом',
  top_up_amount_max: 'Карта менен толуктоо эң көп {limit} сом',
  payments_unavailable: 'Карта менен төлөө азыр жеткиликсиз. Кийинчерээк кайталаңыз же тармактын кеңсесинде толуктаңыз.',
  payment_provider_failed: 'Төлөм системасы төлөмдү кабыл алган жок. Бир мүнөттөн кийин кайталаңыз.',
  payment_not_found: 'Төлөм табылган жок.',
  payment_not_refundable: 'Төлөнгөн төлөмдү гана кайтарууга болот.',
  refund_more_than_left: 'Кайтарууга эң көп {limit} сом калды.',
  refund_reason_required: 'Кайтаруунун себебин көрсөтүңүз',
  refund_provider_failed: 'Төлөм системасы кайтаруудан баш тартты. Эч нерсе өзгөргөн жок.',
  refund_balance_too_low: 'Айдоочунун жеткиликтүү балансы {limit} сом: картага кайтаруу мындан көптү ала албайт.',
  refund_done: '{limit} сом кайтарылды',
  charge_not_refundable: 'Баасы бар аяктаган кубаттоону гана кайтарууга болот.',
  correction_reason_required: 'Оңдоонун себебин көрсөтүңүз',
  correction_more_than_available: 'Айдоочунун жеткиликтүү балансы {limit} сом: оңдоо мындан көптү ала албайт.',
  correction_done: 'Баланс {limit} сомго оңдолду',
  payment_status_created: 'Түзүлдү',
  payment_status_pending: 'Төлөм күтүлүүдө',
  payment_status_paid: 'Төлөндү',
  payment_status_failed: 'Өткөн жок',
  payment_status_expired: 'Мөөнөтү бүттү',
  payment_mismatch: 'Төлөмдөр менен баланс журналы дал келбейт: {limit}',
};

export const PAYMENTS_MESSAGES = { en, ru, ky } as const;
