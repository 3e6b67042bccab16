import type { TCardPaymentDetail } from '@zaryad/contracts/payments';
import { Button, Card, Descriptions, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailsSkeleton } from '@/components/empty-state/Skeletons';
import { tyiynOf } from '@/components/ledger-modal/amounts';
import { Money } from '@/components/money/Money';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { useCan } from '@/components/permissions/permissions';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { TextSpan } from '@/components/text/TextSpan';
import { useCardPayment } from '@/features/card-payments/api';
import { CardRefundModal } from '@/features/card-payments/CardRefundModal';
import { CardPaymentStatusTag } from '@/features/card-payments/CardPaymentStatusTag';
import { formatDateTime } from '@/lib/dates';
import { useIdParam } from '@/lib/useIdParam';

const EVENT_KINDS = new Set(['init', 'callback', 'status', 'refund'] as const);
type TEventKind = typeof EVENT_KINDS extends Set<infer T> ? T : never;
const isKnownKind = (kind: string): kind is TEventKind => EVENT_KINDS.has(kind as TEventKind);

const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');

// A few rows each, not tables: one more chunk importing antd's table would move it into what every signed-in screen
// loads (apps/web/build/chunkGroups.ts).
const Rows = ({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) =>
  children.length === 0 ? (
    <TextSpan tone="secondary">{empty}</TextSpan>
  ) : (
    <Flex vertical gap={8} role="list" aria-label={label}>
      {children}
    </Flex>
  );

/** The payment's refunds to the card: when, how much, why and by whom. */
const Refunds = ({ payment }: { payment: TCardPaymentDetail }) => {
  const { t } = useTranslation('cardPayments');
  return (
    <Rows label={t('details.refunds')} empty={t('details.refundsEmpty')}>
      {payment.refunds.map((refund) => (
        <Flex key={refund.id} role="listitem" wrap gap={16} align="baseline">
          <TextSpan tone="secondary">{formatDateTime(refund.created_at)}</TextSpan>
          <span>
            <Money value={refund.amount} strong /> {t('details.som')}
          </span>
          <span>{refund.reason}</span>
          <TextSpan tone="secondary">
            {refund.account ? `${refund.account.last_name} ${refund.account.first_name}`.trim() : '—'}
          </TextSpan>
        </Flex>
      ))}
    </Rows>
  );
};

/** What the provider said, in order; a callback whose signature did not verify is marked (it changed nothing). */
const Events = ({ payment }: { payment: TCardPaymentDetail }) => {
  const { t } = useTranslation('cardPayments');
  return (
    <Rows label={t('details.events')} empty={t('details.eventsEmpty')}>
      {payment.events.map((event, index) => (
        <Flex key={`${event.at}-${index}`} role="listitem" wrap gap={16} align="baseline">
          <TextSpan tone="secondary">{formatDateTime(event.at)}</TextSpan>
          <TextSpan strong>{isKnownKind(event.kind) ? t(`eventKinds.${event.kind}`) : event.kind}</TextSpan>
          <span>{event.summary}</span>
          {event.valid ? null : <TextSpan tone="danger">({t('details.invalidSignature')})</TextSpan>}
        </Flex>
      ))}
    </Rows>
  );
};

/**
 * `/card-payments/{id}` (issue 39): one card payment, its refunds to the card and what the provider said; "Refund to
 * card" for a paid payment with something left to refund, for a role holding `card_payments.refund`.
 */
export const CardPaymentPage = () => {
  const { t } = useTranslation('cardPayments');
  const id = useIdParam();
  const { data: payment, error, isError } = useCardPayment(id);
  useRecordTrail([payment && { title: payment.order_id, path: `/card-payments/${id}` }]);
  const canRefund = useCan('card_payments.refund');
  const [isRefundOpen, setRefundOpen] = useState(false);

  if (isError || Number.isNaN(id)) {
    return <RecordLoadError error={error} back={{ to: '/card-payments', label: t('details.back') }} />;
  }
  if (!payment) {
    return <DetailsSkeleton />;
  }
  const isRefundable = payment.status === 'paid' && tyiynOf(payment.amount) > tyiynOf(payment.refunded);

  return (
    <Flex vertical gap={16}>
      <Card
        title={`${t('details.payment')} ${payment.order_id}`}
        extra={
          canRefund && isRefundable ? (
            <Button type="primary" danger onClick={() => setRefundOpen(true)}>
              {t('refund.action')}
            </Button>
          ) : null
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, lg: 2 }}
          items={[
            { key: 'status', label: t('columns.status'), children: <CardPaymentStatusTag status={payment.status} /> },
            { key: 'kind', label: t('columns.kind'), children: t(`kinds.${payment.kind}`) },
            {
              key: 'user',
              label: t('columns.user'),
              children: (
                <Link to={`/user/${payment.user.id}`}>{payment.user.name || payment.user.personal_account}</Link>
              ),
            },
            { key: 'amount', label: t('columns.amount'), children: <Money value={payment.amount} strong /> },
            { key: 'refunded', label: t('columns.refunded'), children: <Money value={payment.refunded} /> },
            { key: 'orderId', label: t('columns.orderId'), children: payment.order_id },
            { key: 'providerId', label: t('columns.providerId'), children: payment.provider_payment_id ?? '—' },
            { key: 'provider', label: t('details.provider'), children: t(`providers.${payment.provider}`) },
            { key: 'card', label: t('columns.card'), children: payment.card || '—' },
            { key: 'createdAt', label: t('columns.createdAt'), children: dateTime(payment.created_at) },
            { key: 'paidAt', label: t('columns.paidAt'), children: dateTime(payment.paid_at) },
            { key: 'checkedAt', label: t('details.checkedAt'), children: dateTime(payment.checked_at) },
            {
              key: 'entry',
              label: t('details.entry'),
              children: payment.entry_id === null ? '—' : `#${payment.entry_id}`,
            },
            ...(payment.failure ? [{ key: 'failure', label: t('details.failure'), children: payment.failure }] : []),
          ]}
        />
      </Card>
      <Card title={t('details.refunds')}>
        <Refunds payment={payment} />
      </Card>
      <Card title={t('details.events')}>
        <Events payment={payment} />
      </Card>
      {isRefundOpen ? <CardRefundModal payment={payment} onClose={() => setRefundOpen(false)} /> : null}
    </Flex>
  );
};
