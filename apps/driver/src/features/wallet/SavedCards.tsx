import type { TSavedCard } from '@zaryad/contracts/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '@/app/states';
import { useRemoveCard, useSavedCards } from '@/features/wallet/api';
import { day } from '@/features/wallet/dates';
import { useFailureText } from '@/lib/failure';

/** A saved card; removing it asks first, beside the card, since an automatic top-up from it stops. */
const SavedCardRow = ({ card }: { card: TSavedCard }) => {
  const { t } = useTranslation('wallet');
  const failureText = useFailureText();
  const remove = useRemoveCard();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <li className="card">
      <span className="row">
        <strong>{card.card}</strong>
        {isConfirming ? null : (
          <button type="button" className="link" onClick={() => setConfirming(true)}>
            {t('cards.remove')}
          </button>
        )}
      </span>
      {card.expires_on ? <span className="muted">{t('cards.expires', { date: day(card.expires_on) })}</span> : null}
      {isConfirming ? (
        <div role="group" aria-label={t('cards.remove')}>
          <p>{t('cards.confirm', { card: card.card })}</p>
          {remove.isError ? (
            <p className="error" role="alert">
              {failureText(remove.error)}
            </p>
          ) : null}
          <span className="row">
            <button
              type="button"
              className="button button-destroy"
              disabled={remove.isPending}
              onClick={() => remove.mutate(card.id)}
            >
              {t('cards.confirmYes')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('cards.cancel')}
            </button>
          </span>
        </div>
      ) : null}
    </li>
  );
};

/** The driver's saved cards, kept by a top-up with "save the card". */
export const SavedCards = () => {
  const { t } = useTranslation('wallet');
  const cards = useSavedCards();
  return (
    <section aria-labelledby="cards-title">
      <h2 id="cards-title">{t('cards.saved')}</h2>
      {cards.isPending ? (
        <Loading />
      ) : cards.isError ? (
        <LoadError error={cards.error} onRetry={() => void cards.refetch()} />
      ) : cards.data.items.length === 0 ? (
        <p className="muted">{t('cards.empty')}</p>
      ) : (
        <ul className="cards">
          {cards.data.items.map((card) => (
            <SavedCardRow key={card.id} card={card} />
          ))}
        </ul>
      )}
    </section>
  );
};
