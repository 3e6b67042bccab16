import type { TCardPayment } from '@zaryad/contracts/payments';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { Money } from '@/components/money/Money';
import { CardPaymentStatusTag } from '@/features/card-payments/CardPaymentStatusTag';
import { formatDateTime } from '@/lib/dates';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Nothing refunded is left blank, so that the refunded payments stand out. */
const refundedCell = (value: string) => (/^-?0\.00$/.test(value) ? '' : <Money value={value} />);

/**
 * The card payments' columns: created and paid in Asia/Bishkek, the user and the order id as links (the order id opens
 * the payment, its refunds and what the provider said), money exact as the API sends it.
 */
export const useCardPaymentColumns = (): TListColumns<TCardPayment> => {
  const { t } = useTranslation('cardPayments');
  const columns: TableColumnsType<TCardPayment> = [
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      render: (_value, payment) => <span style={nowrap}>{formatDateTime(payment.created_at)}</span>,
    },
    {
      key: 'user',
      title: t('columns.user'),
      render: (_value, payment) => (
        <Link to={`/user/${payment.user.id}`}>{payment.user.name || payment.user.personal_account}</Link>
      ),
    },
    {
      key: 'orderId',
      title: t('columns.orderId'),
      render: (_value, payment) => <Link to={`/card-payments/${payment.id}`}>{payment.order_id}</Link>,
    },
    {
      key: 'providerId',
      title: t('columns.providerId'),
      render: (_value, payment) => payment.provider_payment_id ?? '—',
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      render: (_value, payment) => <Money value={payment.amount} />,
    },
    {
      key: 'refunded',
      title: t('columns.refunded'),
      align: 'right',
      render: (_value, payment) => refundedCell(payment.refunded),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_value, payment) => <CardPaymentStatusTag status={payment.status} />,
    },
    { key: 'kind', title: t('columns.kind'), render: (_value, payment) => t(`kinds.${payment.kind}`) },
    { key: 'card', title: t('columns.card'), render: (_value, payment) => payment.card || '—' },
    {
      key: 'paidAt',
      title: t('columns.paidAt'),
      render: (_value, payment) => (
        <span style={nowrap}>{payment.paid_at ? formatDateTime(payment.paid_at) : '—'}</span>
      ),
    },
  ];
  return prioritize(columns, {
    createdAt: 'identity',
    orderId: 'key',
    amount: 'key',
    refunded: 'key',
    status: 'key',
    user: { priority: 'normal', truncate: true, width: 160 },
    providerId: 'detail',
    kind: 'normal',
    card: 'normal',
    paidAt: 'detail',
  });
};
