import type { TCorrectionBody } from '@zaryad/contracts/payments';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyLedgerModal } from '@/components/ledger-modal/LazyLedgerModal';
import { useCorrectBalance } from '@/features/users/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TDirection = TCorrectionBody['direction'];

/** The contract's CORRECTION_DIRECTIONS, kept here typed by it: the contract's values would bring zod along. */
const DIRECTIONS = ['credit', 'debit'] as const satisfies readonly TDirection[];

/** The contract's bound of one correction (ZCorrectionBody: amount_max 1000000). */
const CORRECTION_MAX = '1000000.00';

type TCorrectionModalProps = {
  user: { id: number; name: string; balance: string; available: string };
  onClose: () => void;
};

/**
 * A correction of a balance (issue 39, `balances.correct`): credit or debit, the amount and the required reason; the
 * server refuses a debit beyond what is available (the balance less what running charges hold).
 */
const Correction = ({ user, onClose }: TCorrectionModalProps) => {
  // `wallet` suspends until the modal's texts are there (LazyLedgerModal loads them).
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const correct = useCorrectBalance(user.id);

  return (
    <LazyLedgerModal
      title={t('correction.title', { name: user.name })}
      submitLabel={t('correction.submit')}
      intro={
        <p role="status">
          {t('correction.available', { balance: money(user.balance), available: money(user.available) })}
        </p>
      }
      directions={{
        label: t('correction.direction'),
        options: DIRECTIONS.map((direction) => ({ value: direction, label: t(`correction.${direction}`) })),
      }}
      initialValues={{ direction: 'credit', amount: '', reason: '' }}
      amountMax={{ som: CORRECTION_MAX, message: t('rules.correctionMax', { amount: money(CORRECTION_MAX) }) }}
      reasonRequired={t('rules.correctionReasonRequired')}
      send={(body, key) =>
        correct.mutateAsync({
          body: { direction: body.direction ?? 'credit', amount: body.amount, reason: body.reason },
          key,
        })
      }
      onClose={onClose}
    />
  );
};

export const CorrectionModal = (props: TCorrectionModalProps) => (
  <Suspense fallback={null}>
    <Correction {...props} />
  </Suspense>
);
