import { dayParam, idParam, oneOf } from '@/components/data-table/listParams';
import { CARD_PAYMENT_KIND_LIST, CARD_PAYMENT_STATUS_LIST } from '@/features/card-payments/cardPaymentText';

/** `/card-payments`' URL filters, beside page, size and search (ZCardPaymentListQuery's names). */
export const CARD_PAYMENT_FILTERS = {
  status: oneOf(CARD_PAYMENT_STATUS_LIST),
  kind: oneOf(CARD_PAYMENT_KIND_LIST),
  search_by_user_id: idParam,
  period__from: dayParam,
  period__to: dayParam,
};
