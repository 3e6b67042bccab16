import type { TCharge } from '@zaryad/contracts';
import { Alert, Flex } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { tyiynOf } from '@/components/ledger-modal/amounts';
import { LazyLedgerModal } from '@/components/ledger-modal/LazyLedgerModal';
import { Money } from '@/components/money/Money';
import { TextSpan } from '@/components/text/TextSpan';
import { useChargeRefunds, useRefundCharge } from '@/features/charges/api';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * Refund of an ended charge's cost to the driver's balance (issue 39, `charges.refund`): what it cost, what is refunded
 * already and what is left, the refunds made; the amount (what is left by default, never more) and the reason. The
 * form itself is LazyLedgerModal's chunk: nothing of antd's form, modal or table is added to the charges' chunks.
 */
const ChargeRefund = ({ charge, onClose }: { charge: TCharge; onClose: () => void }) => {
  // `wallet` suspends until the modal's texts are there (LazyLedgerModal loads them).
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const refunds = useChargeRefunds(charge.id);
  const refund = useRefundCharge(charge.id);
  const data = refunds.data;
  const left = data?.left ?? '0.00';
  const isNothingLeft = data !== undefined && tyiynOf(left) <= 0n;

  // The form mounts once the figures are there, so that what is left fills the amount from the start.
  if (refunds.isPending) {
    return null;
  }
  const intro = refunds.isError ? (
    <Alert type="error" showIcon role="alert" title={t('loadError')} style={{ marginBottom: 16 }} />
  ) : (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex gap={24} wrap data-testid="charge-refund-figures">
        <span>
          {t('chargeRefund.totalCost')}: <Money value={refunds.data.total_cost} />
        </span>
        <span>
          {t('chargeRefund.refunded')}: <Money value={refunds.data.refunded} />
        </span>
        <span>
          {t('chargeRefund.left')}: <Money value={refunds.data.left} strong />
        </span>
      </Flex>
      {refunds.data.entries.length > 0 ? (
        <Flex vertical gap={4} role="list" aria-label={t('chargeRefund.entries')}>
          <TextSpan strong>{t('chargeRefund.entries')}</TextSpan>
          {refunds.data.entries.map((entry) => (
            <Flex key={entry.id} role="listitem" gap={12} wrap>
              <TextSpan tone="secondary">{formatDateTime(entry.created_at)}</TextSpan>
              <Money value={entry.credit} />
              <span>{entry.comment}</span>
            </Flex>
          ))}
        </Flex>
      ) : null}
      {isNothingLeft ? <Alert type="info" showIcon role="status" title={t('chargeRefund.nothingLeft')} /> : null}
    </Flex>
  );

  return (
    <LazyLedgerModal
      title={t('chargeRefund.title', { number: charge.number })}
      submitLabel={t('chargeRefund.submit')}
      intro={intro}
      initialValues={{ amount: isNothingLeft ? '' : (data?.left ?? ''), reason: '' }}
      amountMax={{ som: left, message: t('rules.moreThanLeft', { amount: money(left) }) }}
      reasonRequired={t('rules.refundReasonRequired')}
      isDisabled={data === undefined || isNothingLeft}
      send={(body, key) => refund.mutateAsync({ body: { amount: body.amount, reason: body.reason }, key })}
      onClose={onClose}
    />
  );
};

export const ChargeRefundModal = (props: { charge: TCharge; onClose: () => void }) => (
  <Suspense fallback={null}>
    <ChargeRefund {...props} />
  </Suspense>
);
