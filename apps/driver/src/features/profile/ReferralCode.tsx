import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The driver's referral code: shared through the phone's own sheet when it has one, else copied. */
export const ReferralCode = ({ code }: { code: string }) => {
  const { t } = useTranslation('profile');
  const [outcome, setOutcome] = useState<'copied' | 'copyFailed' | null>(null);
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    const text = t('referral.shareText', { code });
    if (canShare) {
      try {
        await navigator.share({ title: t('referral.title'), text });
      } catch {
        // The driver closed the sheet: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      setOutcome('copied');
    } catch {
      setOutcome('copyFailed');
    }
  };

  return (
    <section className="section-box" aria-labelledby="referral-title">
      <h2 id="referral-title">{t('referral.title')}</h2>
      <p className="muted">{t('referral.explain')}</p>
      <p className="row">
        <span>
          {t('referral.code')}: <strong className="referral-code">{code}</strong>
        </span>
        <button type="button" className="button" onClick={() => void share()}>
          {canShare ? t('referral.share') : t('referral.copy')}
        </button>
      </p>
      {outcome ? (
        <p className={outcome === 'copied' ? 'ok-text' : 'error'} role="status">
          {t(`referral.${outcome}`)}
        </p>
      ) : null}
    </section>
  );
};
