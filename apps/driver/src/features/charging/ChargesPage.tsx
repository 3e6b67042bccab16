import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { useCharges } from '@/features/charging/api';
import { bishkekDateTime } from '@/features/charging/format';
import { chargingTexts } from '@/features/charging/texts';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('charging', chargingTexts);

/** `/app/charges`: the driver's charges, newest first, each opening its receipt; more a page at a time. */
export const ChargesPage = () => {
  const { t, i18n } = useTranslation('charging');
  const { energy, money, unit, units } = useNumberFormat();
  const charges = useCharges();
  const language = i18n.resolvedLanguage ?? 'ru';
  const items = charges.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Screen title={t('charges.title')}>
      {charges.isPending ? (
        <Loading />
      ) : charges.isError && items.length === 0 ? (
        <LoadError error={charges.error} onRetry={() => void charges.refetch()} />
      ) : items.length === 0 ? (
        <p className="state">{t('charges.empty')}</p>
      ) : (
        <>
          <ul className="cards">
            {items.map((charge) => (
              <li key={charge.id}>
                <Link className="card" to={charge.running ? '/charging' : `/charges/${charge.id}`}>
                  <span className="row">
                    <strong>{charge.station.name}</strong>
                    <strong>{unit(money(charge.cost), units.som)}</strong>
                  </span>
                  <span className="row muted">
                    <span>{bishkekDateTime(charge.started_at, language)}</span>
                    <span>{charge.running ? t('charges.running') : energy(charge.consumption_kwh)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {charges.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={charges.isFetchingNextPage}
              onClick={() => void charges.fetchNextPage()}
            >
              {t('charges.more')}
            </button>
          ) : null}
        </>
      )}
    </Screen>
  );
};
