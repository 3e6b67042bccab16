import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppProfile } from '@zaryad/contracts/app';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Screen } from '@/app/states';
import { LanguageSwitch } from '@/features/auth/LanguageSwitch';
import { profileTexts } from '@/features/profile/texts';
import { api } from '@/lib/api';
import { registerTexts } from '@/lib/i18n';
import { writeSession } from '@/lib/session';

registerTexts('profile', profileTexts);

/** `/app/profile`: who is signed in, the language, signing out (the profile's fields come next). */
export const ProfilePage = () => {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => api.get<TAppProfile>('/me/', { signal }) });
  const signOut = async () => {
    try {
      await api.post('/auth/logout/');
    } finally {
      writeSession(null);
      queryClient.clear();
    }
  };
  return (
    <Screen title={t('title')}>
      {me.isPending ? (
        <Loading />
      ) : me.isError ? (
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : (
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
      )}
      <h2>{t('language')}</h2>
      <LanguageSwitch label={t('language')} />
      <button type="button" className="button" onClick={() => void signOut()}>
        {t('signOut')}
      </button>
    </Screen>
  );
};
