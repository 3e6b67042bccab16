import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '@/app/states';
import { AutoTopUpForm } from '@/features/wallet/AutoTopUpForm';
import { SavedCards } from '@/features/wallet/SavedCards';
import { walletTexts } from '@/features/wallet/texts';
import { registerTexts } from '@/lib/i18n';

registerTexts('wallet', walletTexts);

/** `/app/wallet/cards`: the saved cards and the automatic top-up that charges one of them. */
export const CardsPage = () => {
  const { t } = useTranslation('wallet');
  return (
    <Screen
      title={t('cards.title')}
      actions={
        <Link className="link" to="/wallet">
          {t('statement.back')}
        </Link>
      }
    >
      <AutoTopUpForm />
      <SavedCards />
    </Screen>
  );
};
