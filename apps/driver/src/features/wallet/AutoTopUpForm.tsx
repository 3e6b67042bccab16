import type { TAutoTopUp, TSavedCard } from '@zaryad/contracts/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/app/states';
import { useAutoTopUp, useSaveAutoTopUp, useSavedCards } from '@/features/wallet/api';
import { fieldErrorOf, namesAField, useFailureText } from '@/lib/failure';
import { amountText, inputOf } from '@/features/wallet/money';

/** After this many failures in a row the server stops it (the contract's AUTO_TOP_UP_FAILURES_MAX). */
const FAILURES_MAX = 3;
const FIELDS = ['enabled', 'card_id', 'threshold', 'amount'] as const;

/** Why it is off or failing, in words: the server stopped it, or its last tries failed. */
const Trouble = ({ setting }: { setting: TAutoTopUp }) => {
  const { t } = useTranslation('wallet');
  if (setting.stopped) {
    return (
      <p className="warn-box" role="status">
        {t(`auto.stopped.${setting.stopped}`, { count: setting.failures })}
      </p>
    );
  }
  return setting.failures > 0 ? (
    <p className="warn-box" role="status">
      {t('auto.failures', { count: setting.failures, max: FAILURES_MAX })}
    </p>
  ) : null;
};

const Form = ({ setting, cards }: { setting: TAutoTopUp; cards: TSavedCard[] }) => {
  const { t } = useTranslation('wallet');
  const failureText = useFailureText();
  const save = useSaveAutoTopUp();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [cardId, setCardId] = useState(setting.card ? String(setting.card.id) : '');
  const [threshold, setThreshold] = useState(inputOf(setting.threshold));
  const [amount, setAmount] = useState(inputOf(setting.amount));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The figures go as typed when they read as none, so that the server's own message says what is wrong.
    save.mutate({
      enabled,
      card_id: cardId === '' ? null : Number(cardId),
      threshold: amountText(threshold) ?? threshold.trim(),
      amount: amountText(amount) ?? amount.trim(),
    });
  };
  const edited = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    save.reset();
  };
  const errorOf = (field: (typeof FIELDS)[number]) => fieldErrorOf(save.error, field);
  const note = (field: (typeof FIELDS)[number]) => {
    const message = errorOf(field);
    return message ? (
      <span id={`auto-${field}-error`} className="error">
        {message}
      </span>
    ) : null;
  };
  const described = (field: (typeof FIELDS)[number]) => (errorOf(field) ? `auto-${field}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => edited(setEnabled)(event.target.checked)}
          aria-describedby={described('enabled')}
        />
        <span>{t('auto.enabled')}</span>
      </label>
      {note('enabled')}
      <div className="field">
        <label htmlFor="auto-card_id">{t('auto.card')}</label>
        <select
          id="auto-card_id"
          value={cardId}
          onChange={(event) => edited(setCardId)(event.target.value)}
          aria-invalid={errorOf('card_id') !== undefined}
          aria-describedby={described('card_id')}
        >
          <option value="">{t('auto.noCard')}</option>
          {cards.map((card) => (
            <option key={card.id} value={String(card.id)}>
              {card.card}
            </option>
          ))}
        </select>
        {note('card_id')}
      </div>
      <div className="field">
        <label htmlFor="auto-threshold">{t('auto.threshold')}</label>
        <input
          id="auto-threshold"
          value={threshold}
          onChange={(event) => edited(setThreshold)(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={errorOf('threshold') !== undefined}
          aria-describedby={described('threshold')}
        />
        {note('threshold')}
      </div>
      <div className="field">
        <label htmlFor="auto-amount">{t('auto.amount')}</label>
        <input
          id="auto-amount"
          value={amount}
          onChange={(event) => edited(setAmount)(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={errorOf('amount') !== undefined}
          aria-describedby={described('amount')}
        />
        {note('amount')}
      </div>
      {save.isError && !namesAField(save.error, FIELDS) ? (
        <p className="error" role="alert">
          {failureText(save.error)}
        </p>
      ) : save.isSuccess ? (
        <p className="ok-text" role="status">
          {t('auto.saved')}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('auto.save')}
      </button>
    </form>
  );
};

/** The automatic top-up's setting (docs/product/payments.md#4-states-and-rules), with why it stopped when it did. */
export const AutoTopUpForm = () => {
  const { t } = useTranslation('wallet');
  const setting = useAutoTopUp();
  const cards = useSavedCards();
  return (
    <section className="section-box" aria-labelledby="auto-title">
      <h2 id="auto-title">{t('auto.title')}</h2>
      <p className="muted">{t('auto.explain')}</p>
      {setting.isPending || cards.isPending ? (
        <Loading />
      ) : setting.isError ? (
        <LoadError error={setting.error} onRetry={() => void setting.refetch()} />
      ) : cards.isError ? (
        <LoadError error={cards.error} onRetry={() => void cards.refetch()} />
      ) : (
        <>
          <Trouble setting={setting.data} />
          {/* A removed card changes the setting under the form: it starts again from the server's. */}
          <Form key={cards.data.items.map((card) => card.id).join()} setting={setting.data} cards={cards.data.items} />
        </>
      )}
    </section>
  );
};
