import { useQuery } from '@tanstack/react-query';
import type { ZAppBalance } from '@zaryad/contracts/app';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LoadError, Loading, Screen } from '@/app/states';
import { walletTexts } from '@/features/wallet/texts';
import { api } from '@/lib/api';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('wallet', walletTexts);

type TAppBalance = z.infer<typeof ZAppBalance>;

/** `/app/wallet`: the balance, what running charges hold of it and what is available (top-up and statement next). */
export const WalletPage = () => {
  const { t } = useTranslation('wallet');
  const { money } = useNumberFormat();
  const balance = useQuery({
    queryKey: ['balance'],
    queryFn: ({ signal }) => api.get<TAppBalance>('/balance/', { signal }),
  });
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
    </Screen>
  );
};
