import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopUp, walletKeys } from '@/features/wallet/api';
import { fieldErrorOf, namesAField, useFailureText } from '@/lib/failure';
import { amountText, idempotencyKey, TOP_UP, tyiynOf } from '@/features/wallet/money';
import { openProviderPage } from '@/features/wallet/providerPage';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * A top-up by card (docs/product/payments.md#4-states-and-rules): the amount, whether to keep the card for automatic
 * top-ups, then the provider's page. One `Idempotency-Key` per amount and choice: pressing again after a lost answer
 * opens the same payment rather than a second one.
 */
export const TopUpForm = () => {
  const { t } = useTranslation('wallet');
  const { decimal } = useNumberFormat();
  const failureText = useFailureText();
  const topUp = useTopUp();
  const [amount, setAmount] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [key, setKey] = useState(idempotencyKey);
  const [invalid, setInvalid] = useState(false);
  const bounds = { min: decimal(TOP_UP.min), max: decimal(TOP_UP.max) };
  const queryClient = useQueryClient();

  // Back from the provider's page, a browser may show this page from its back-forward cache as it was left: the
  // form waits for a new top-up again and the money is read anew.
  const resetTopUp = topUp.reset;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        resetTopUp();
        setKey(idempotencyKey());
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [resetTopUp, queryClient]);

  const change = (next: { amount?: string; saveCard?: boolean }) => {
    if (next.amount !== undefined) {
      setAmount(next.amount);
    }
    if (next.saveCard !== undefined) {
      setSaveCard(next.saveCard);
    }
    setInvalid(false);
    setKey(idempotencyKey());
    topUp.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amountText(amount);
    if (text === null || tyiynOf(text) < tyiynOf(TOP_UP.min) || tyiynOf(text) > tyiynOf(TOP_UP.max)) {
      setInvalid(true);
      return;
    }
    topUp.mutate(
      { amount: text, saveCard, key },
      { onSuccess: (answer) => openProviderPage(answer.redirect_url) },
    );
  };

  const amountError = invalid ? t('topUp.invalid', bounds) : fieldErrorOf(topUp.error, 'amount');
  const busy = topUp.isPending || topUp.isSuccess;
  return (
    <form className="section-box" onSubmit={submit} noValidate aria-labelledby="top-up-title">
      <h2 id="top-up-title">{t('topUp.title')}</h2>
      <div className="field">
        <label htmlFor="top-up-amount">{t('topUp.amount')}</label>
        <input
          id="top-up-amount"
          value={amount}
          onChange={(event) => change({ amount: event.target.value })}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={amountError !== undefined}
          aria-describedby="top-up-amount-note"
        />
        <span id="top-up-amount-note" className={amountError ? 'error' : 'muted'}>
          {amountError ?? t('topUp.hint', bounds)}
        </span>
      </div>
      <div className="amount-chips" role="group" aria-label={t('topUp.quick')}>
        {TOP_UP.quick.map((quick) => (
          <button
            key={quick}
            type="button"
            className={amountText(amount) === quick ? 'amount-chip amount-chip-on' : 'amount-chip'}
            aria-pressed={amountText(amount) === quick}
            onClick={() => change({ amount: quick })}
          >
            {t('som', { amount: decimal(quick) })}
          </button>
        ))}
      </div>
      <label className="checkbox-row">
        <input type="checkbox" checked={saveCard} onChange={(event) => change({ saveCard: event.target.checked })} />
        <span>{t('topUp.saveCard')}</span>
      </label>
      {topUp.isError && !namesAField(topUp.error, ['amount']) ? (
        <p className="error" role="alert">
          {failureText(topUp.error)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('topUp.submitting') : t('topUp.submit')}
      </button>
    </form>
  );
};
