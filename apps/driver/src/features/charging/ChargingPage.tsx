import { useQuery } from '@tanstack/react-query';
import type { TAppSession } from '@zaryad/contracts/app';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Screen } from '@/app/states';
import { chargingTexts } from '@/features/charging/texts';
import { api } from '@/lib/api';
import { registerTexts } from '@/lib/i18n';

registerTexts('charging', chargingTexts);

/** `/app/charging`: the driver's session now (the live screen, start and stop come next). */
export const ChargingPage = () => {
  const { t } = useTranslation('charging');
  const session = useQuery({
    queryKey: ['charging'],
    queryFn: ({ signal }) => api.get<TAppSession>('/charging/', { signal }),
  });
  return (
    <Screen title={t('title')}>
      {session.isPending ? (
        <Loading />
      ) : session.isError ? (
        <LoadError error={session.error} onRetry={() => void session.refetch()} />
      ) : session.data.charges.length === 0 && session.data.starting.length === 0 ? (
        <p className="state">{t('none')}</p>
      ) : (
        <ul className="cards">
          {session.data.charges.map((charge) => (
            <li key={charge.id} className="card">
              <strong>{charge.station.name}</strong>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
};
