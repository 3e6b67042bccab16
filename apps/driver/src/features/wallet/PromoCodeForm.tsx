import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedeemPromoCode } from '@/features/wallet/api';
import { useFailureText } from '@/lib/failure';

/** A promo code redeemed for the driver: the server's answer, whichever it is, in its own words. */
export const PromoCodeForm = () => {
  const { t } = useTranslation('wallet');
  const failureText = useFailureText();
  const redeem = useRedeemPromoCode();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    redeem.mutate(code.trim(), { onSuccess: () => setCode('') });
  };
  return (
    <form className="section-box" onSubmit={submit} noValidate aria-labelledby="promo-title">
      <h2 id="promo-title">{t('promo.title')}</h2>
      <label className="field">
        <span>{t('promo.code')}</span>
        <input
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            redeem.reset();
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          aria-invalid={redeem.isError}
        />
      </label>
      {redeem.isError ? (
        <p className="error" role="alert">
          {failureText(redeem.error, 'code')}
        </p>
      ) : redeem.isSuccess ? (
        <p className="ok-text" role="status">
          {redeem.data.detail}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={redeem.isPending || code.trim() === ''}>
        {t('promo.submit')}
      </button>
    </form>
  );
};
