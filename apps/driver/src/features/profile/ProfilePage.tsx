import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { LanguageSwitch } from '@/features/auth/LanguageSwitch';
import { useProfile, useSignOut } from '@/features/profile/api';
import { DeleteAccount } from '@/features/profile/DeleteAccount';
import { ProfileForm } from '@/features/profile/ProfileForm';
import { ReferralCode } from '@/features/profile/ReferralCode';
import { profileTexts } from '@/features/profile/texts';
import { registerTexts } from '@/lib/i18n';

registerTexts('profile', profileTexts);

/**
 * `/app/profile`: who is signed in, their details (PATCH /me/), the referral code to share, the news, the language,
 * signing out and deleting the account.
 */
export const ProfilePage = () => {
  const { t } = useTranslation('profile');
  const me = useProfile();
  const signOut = useSignOut();
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
