import type { TCardPayment } from '@zaryad/contracts/payments';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { somOf, tyiynOf } from '@/components/ledger-modal/amounts';
import { LazyLedgerModal } from '@/components/ledger-modal/LazyLedgerModal';
import { useRefundCardPayment } from '@/features/card-payments/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * Refund of a paid card payment to the card (issue 39, `card_payments.refund`): the provider sends it back and the
 * driver's balance gives it up. The amount is at most what is left (amount − refunded), whole by default.
 */
const CardRefund = ({ payment, onClose }: { payment: TCardPayment; onClose: () => void }) => {
  // `wallet` suspends until the modal's texts are there (LazyLedgerModal loads them).
  const { t } = useTranslation(['cardPayments', 'wallet']);
  const { money } = useNumberFormat();
  const refund = useRefundCardPayment(payment.id);
  const left = somOf(tyiynOf(payment.amount) - tyiynOf(payment.refunded));
  const isNothingLeft = tyiynOf(left) <= 0n;

  return (
    <LazyLedgerModal
      title={t('refund.title')}
      submitLabel={t('refund.submit')}
      intro={
        <p role="status">
          {isNothingLeft
            ? t('refund.nothingLeft')
            : t('refund.intro', { order: payment.order_id, amount: money(payment.amount), left: money(left) })}
        </p>
      }
      initialValues={{ amount: isNothingLeft ? '' : left, reason: '' }}
      amountMax={{ som: left, message: t('wallet:rules.moreThanLeft', { amount: money(left) }) }}
      reasonRequired={t('wallet:rules.refundReasonRequired')}
      isDisabled={isNothingLeft}
      send={(body, key) => refund.mutateAsync({ body: { amount: body.amount, reason: body.reason }, key })}
      onClose={onClose}
    />
  );
};

export const CardRefundModal = (props: { payment: TCardPayment; onClose: () => void }) => (
  <Suspense fallback={null}>
    <CardRefund {...props} />
  </Suspense>
);
