import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { useBalance } from '@/features/wallet/api';
import { PromoCodeForm } from '@/features/wallet/PromoCodeForm';
import { RecentPayments } from '@/features/wallet/RecentPayments';
import { TopUpForm } from '@/features/wallet/TopUpForm';
import { walletTexts } from '@/features/wallet/texts';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('wallet', walletTexts);

/**
 * `/app/wallet`: the balance, what running charges hold of it and what is available; a top-up by card and how the
 * latest payments went; a promo code; links to the statement and to the saved cards with the automatic top-up.
 */
export const WalletPage = () => {
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const balance = useBalance();
  return (
    <Screen title={t('title')}>
      {balance.isPending ? (
        <Loading />
      ) : balance.isError ? (
        <LoadError error={balance.error} onRetry={() => void balance.refetch()} />
      ) : (
        <dl className="figures">
          <div>
            <dt>{t('balance')}</dt>
            <dd className="figure">{t('som', { amount: money(balance.data.balance) })}</dd>
          </div>
          <div>
            <dt>{t('held')}</dt>
            <dd>{t('som', { amount: money(balance.data.held) })}</dd>
          </div>
          <div>
            <dt>{t('available')}</dt>
            <dd>{t('som', { amount: money(balance.data.available) })}</dd>
          </div>
        </dl>
      )}
      <TopUpForm />
      <RecentPayments />
      <nav className="wallet-links" aria-label={t('title')}>
        <Link className="card nav-card" to="/wallet/statement">
          {t('statement.open')}
        </Link>
        <Link className="card nav-card" to="/wallet/cards">
          {t('cards.open')}
        </Link>
      </nav>
      <PromoCodeForm />
    </Screen>
  );
};
