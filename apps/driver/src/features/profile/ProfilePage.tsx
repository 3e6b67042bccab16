import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { LanguageSwitch } from '@/features/auth/LanguageSwitch';
import { useProfile, useSaveLanguage, useSignOut } from '@/features/profile/api';
import { DeleteAccount } from '@/features/profile/DeleteAccount';
import { ProfileForm } from '@/features/profile/ProfileForm';
import { ReferralCode } from '@/features/profile/ReferralCode';
import { profileTexts } from '@/features/profile/texts';
import { registerTexts } from '@/lib/i18n';
import { toLanguage } from '@/lib/language';

registerTexts('profile', profileTexts);

/**
 * A language chosen on this screen is kept on the account too (PATCH /me/ {language}), so that the server's SMS and
 * messages follow it; opening the screen changes nothing.
 */
const useKeepLanguage = () => {
  const { i18n } = useTranslation();
  const saveLanguage = useSaveLanguage();
  const language = toLanguage(i18n.resolvedLanguage);
  const shown = useRef(language);
  useEffect(() => {
    if (language !== shown.current) {
      shown.current = language;
      saveLanguage(language);
    }
  }, [language, saveLanguage]);
};

/**
 * `/app/profile`: who is signed in, their details (PATCH /me/), the referral code to share, the news, the language,
 * signing out and deleting the account.
 */
export const ProfilePage = () => {
  const { t } = useTranslation('profile');
  const me = useProfile();
  const signOut = useSignOut();
  useKeepLanguage();
  return (
    <Screen title={t('title')}>
      {me.isPending ? (
        <Loading />
      ) : me.isError ? (
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <>
          <dl className="figures">
            <div>
              <dt>{t('phone')}</dt>
              <dd>+{me.data.phone}</dd>
            </div>
            <div>
              <dt>{t('account')}</dt>
              <dd>{me.data.personal_account}</dd>
            </div>
          </dl>
          {me.data.referral_code ? <ReferralCode code={me.data.referral_code} /> : null}
          <ProfileForm profile={me.data} />
        </>
      )}
      <Link className="card nav-card" to="/news">
        {t('news')}
      </Link>
      <h2>{t('language')}</h2>
      <LanguageSwitch label={t('language')} />
      <button type="button" className="button" onClick={() => void signOut()}>
        {t('signOut')}
      </button>
      {me.isSuccess ? <DeleteAccount /> : null}
    </Screen>
  );
};
