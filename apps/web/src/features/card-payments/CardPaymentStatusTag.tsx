import type { TCardPaymentStatus } from '@zaryad/contracts/payments';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CARD_PAYMENT_STATUS_COLOURS } from '@/features/card-payments/cardPaymentText';

/** A card payment's status as a coloured word. */
export const CardPaymentStatusTag = ({ status }: { status: TCardPaymentStatus }) => {
  const { t } = useTranslation('cardPayments');
  return <Tag color={CARD_PAYMENT_STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>;
};
