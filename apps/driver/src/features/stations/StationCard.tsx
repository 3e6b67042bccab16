import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAppStationItem } from '@/features/stations/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** Free of total over every type of a station. */
export const availabilityOf = (station: Pick<TAppStationItem, 'connector_types'>) => ({
  available: station.connector_types.reduce((sum, type) => sum + type.available, 0),
  total: station.connector_types.reduce((sum, type) => sum + type.total, 0),
});

/** A distance as a driver reads it: metres under a kilometre, else kilometres to one decimal. */
export const useDistance = () => {
  const { t } = useTranslation('stations');
  const { count, decimal } = useNumberFormat();
  return (metres: number | null) =>
    metres === null
      ? null
      : metres < 1000
        ? t('distanceNear', { distance: count(metres) })
        : t('distance', { distance: decimal(metres / 1000, { maxDigits: 1 }) });
};

/**
 * A station in the list (and under the map): a link to its page with its name as a heading, its address, distance,
 * whether it is online and open, and the connectors free now per type.
 */
export const StationCard = ({ station }: { station: TAppStationItem }) => {
  const { t } = useTranslation('stations');
  const { power } = useNumberFormat();
  const distanceOf = useDistance();
  const { available, total } = availabilityOf(station);
  const distance = distanceOf(station.distance_m);
  const hasFree = station.online && available > 0;
  return (
    <Link className="card station-card" to={`/stations/${station.id}`}>
      <span className="row">
        <h2 className="station-card-name">{station.name}</h2>
        {distance ? <span className="muted">{distance}</span> : null}
      </span>
      <span className="muted">{station.address}</span>
      <span className="station-badges">
        {station.online ? (
          <span className={`badge ${hasFree ? 'badge-free' : 'badge-busy'}`}>
            {t('available', { available, total })}
          </span>
        ) : (
          <span className="badge badge-off">{t('offline')}</span>
        )}
        <span className={`badge ${station.open_now ? '' : 'badge-off'}`}>
          {station.open_now ? t('open') : t('closed')}
        </span>
      </span>
      {station.connector_types.length > 0 ? (
        <ul className="type-list">
          {station.connector_types.map((type) => (
            <li key={type.type}>
              {t('typeSummary', {
                name: type.name,
                power: power(type.max_power_kw),
                available: station.online ? type.available : 0,
                total: type.total,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </Link>
  );
};
