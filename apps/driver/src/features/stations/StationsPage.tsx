import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Screen } from '@/app/states';
import { stationTexts } from '@/features/stations/texts';
import { api } from '@/lib/api';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('stations', stationTexts);

/** Bishkek's centre, where the list starts without the phone's position. */
export const BISHKEK = { lat: 42.87, lon: 74.59 } as const;

type TStationItem = {
  id: number;
  name: string;
  address: string;
  distance_m: number | null;
  online: boolean;
  connector_types: { type: string; total: number; available: number; max_power_kw: string | number }[];
};

/** `/app/stations`: the stations nearest Bishkek's centre (the map, filters and the phone's position come next). */
export const StationsPage = () => {
  const { t } = useTranslation('stations');
  const { decimal } = useNumberFormat();
  const stations = useQuery({
    queryKey: ['stations', BISHKEK],
    queryFn: ({ signal }) =>
      api.get<{ items: TStationItem[] }>('/stations/', { query: { ...BISHKEK, radius: 50, size: 50 }, signal }),
  });
  return (
    <Screen title={t('title')}>
      {stations.isPending ? (
        <Loading />
      ) : stations.isError ? (
        <LoadError error={stations.error} onRetry={() => void stations.refetch()} />
      ) : stations.data.items.length === 0 ? (
        <p className="state">{t('empty')}</p>
      ) : (
        <ul className="cards">
          {stations.data.items.map((station) => {
            const total = station.connector_types.reduce((sum, type) => sum + type.total, 0);
            const available = station.connector_types.reduce((sum, type) => sum + type.available, 0);
            return (
              <li key={station.id} className="card">
                <strong>{station.name}</strong>
                <span className="muted">{station.address}</span>
                <span className="row">
                  <span>{station.online ? t('available', { available, total }) : t('offline')}</span>
                  {station.distance_m !== null ? (
                    <span className="muted">
                      {t('distance', { distance: decimal(station.distance_m / 1000, { maxDigits: 1 }) })}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
};
