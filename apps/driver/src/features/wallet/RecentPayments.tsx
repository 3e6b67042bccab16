import type { TAppPayment } from '@zaryad/contracts/payments';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/app/states';
import { isOpen, usePaymentWatch, usePayments } from '@/features/wallet/api';
import { dateTime } from '@/features/wallet/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** One payment; an open one is followed until the provider settles it (the driver back from its page sees it). */
const PaymentRow = ({ payment }: { payment: TAppPayment }) => {
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const watch = usePaymentWatch(payment);
  const current = watch.data ?? payment;
  return (
    <li className="card">
      <span className="row">
        <strong>{t(`payments.kind.${current.kind}`)}</strong>
        <strong>{t('som', { amount: money(current.amount) })}</strong>
      </span>
      <span className="row">
        <span className="muted">{dateTime(current.created_at)}</span>
        <span className={`payment-status payment-status-${current.status}`}>{t(`payments.status.${current.status}`)}</span>
      </span>
      {current.card ? <span className="muted">{current.card}</span> : null}
      {isOpen(current) && watch.isFetching ? (
        <span className="muted" role="status">
          {t('payments.checking')}
        </span>
      ) : null}
    </li>
  );
};

/** The driver's latest card payments with their status: how a top-up went, once back from the provider's page. */
export const RecentPayments = () => {
  const { t } = useTranslation('wallet');
  const payments = usePayments();
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">{t('payments.title')}</h2>
      {payments.isPending ? (
        <Loading />
      ) : payments.isError ? (
        <LoadError error={payments.error} onRetry={() => void payments.refetch()} />
      ) : payments.data.items.length === 0 ? (
        <p className="muted">{t('payments.empty')}</p>
      ) : (
        <ul className="cards">
          {payments.data.items.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
};
