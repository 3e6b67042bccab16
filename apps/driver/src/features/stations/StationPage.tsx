import type { TSchedule } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { type TAppStation, useStation } from '@/features/stations/api';
import { stationTexts } from '@/features/stations/texts';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';
import '@/features/stations/stations.css';

registerTexts('stations', stationTexts);

type TConnector = TAppStation['connectors'][number];

/** Google Maps' directions to a point, which opens the phone's maps app where there is one. */
export const directionsUrl = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;

/** Where the charging screen starts a charge on a connector (features/charging). */
export const chargePath = (stationId: number, connectorId: number) =>
  `/stations/${stationId}/connectors/${connectorId}`;

const hhmm = (time: string) => time.slice(0, 5);
const isWholeDay = (start: string, end: string) => hhmm(start) === '00:00' && hhmm(end) >= '23:59';

/** The week from Monday: each day's hours and breaks, or its day off; no hours at all is round the clock. */
const ScheduleList = ({ schedule }: { schedule: TSchedule }) => {
  const { t } = useTranslation('stations');
  const days = t('days', { returnObjects: true }) as string[];
  if (
    schedule.length === 0 ||
    (schedule.length === 7 &&
      schedule.every((day) => isWholeDay(day.start_time, day.end_time) && day.break.length === 0))
  ) {
    return <p>{t('station.aroundTheClock')}</p>;
  }
  return (
    <dl className="schedule">
      {days.map((name, index) => {
        const entries = schedule.filter((day) => day.day === index);
        return (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              {entries.length === 0
                ? t('station.dayOff')
                : entries
                    .map((day) =>
                      [
                        isWholeDay(day.start_time, day.end_time)
                          ? t('station.aroundTheClock')
                          : `${hhmm(day.start_time)}–${hhmm(day.end_time)}`,
                        ...day.break.map((pause) =>
                          t('station.breakTime', { from: hhmm(pause.start_time), to: hhmm(pause.end_time) }),
                        ),
                      ].join(', '),
                    )
                    .join('; ')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
};

/** A connector: its type and power, its live status, the price now and, when it is free, the way to charge there. */
const ConnectorCard = ({ stationId, connector }: { stationId: number; connector: TConnector }) => {
  const { t } = useTranslation('stations');
  const { power, money, unit, units, count } = useNumberFormat();
  const prices = connector.price.now;
  const som = (fee: string) => unit(money(fee), units.som);
  const number = count(connector.ocpp_id);
  const status = connector.status ?? 'unknown';
  return (
    <li className="card connector-card">
      <h3>{t('station.connector', { number })}</h3>
      <p className="connector-type">
        <strong>{connector.type_name}</strong> · {power(connector.power_kw)} · {connector.current}
        {connector.cable_length ? ` · ${t('station.cable', { length: count(connector.cable_length) })}` : null}
      </p>
      <p>
        <span className={`badge ${connector.available ? 'badge-free' : 'badge-busy'}`}>
          {t(`app:connectorStatus.${status}`, { defaultValue: status })}
        </span>
      </p>
      {prices ? (
        <div className="price">
          <span className="muted">{t('station.price')}</span>
          <strong>{t('station.energyPrice', { fee: som(prices.fee) })}</strong>
          {Number(prices.time_fee) > 0 ? <span>{t('station.timePrice', { fee: som(prices.time_fee) })}</span> : null}
          {Number(prices.session_fee) > 0 ? (
            <span>{t('station.sessionPrice', { fee: som(prices.session_fee) })}</span>
          ) : null}
        </div>
      ) : (
        <p className="muted">{t('station.noTariff')}</p>
      )}
      {connector.available && prices ? (
        <Link
          className="button button-primary"
          to={chargePath(stationId, connector.id)}
          aria-label={t('station.chargeLabel', { number, type: connector.type_name })}
        >
          {t('station.charge')}
        </Link>
      ) : null}
    </li>
  );
};

const StationDetails = ({ station }: { station: TAppStation }) => {
  const { t } = useTranslation('stations');
  const photos = station.photos;
  return (
    <>
      {photos.length > 0 ? (
        <section aria-label={t('station.photos')}>
          <ul className="photos">
            {photos.map((photo, index) => {
              const label = t('station.photo', { number: index + 1, total: photos.length, name: station.name });
              return (
                <li key={photo.id}>
                  {photo.kind === 'video' ? (
                    <video src={photo.url} controls preload="none" aria-label={label} />
                  ) : (
                    <img src={photo.url} alt={label} loading="lazy" decoding="async" />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <p className="station-badges">
        <span className={`badge ${station.open_now ? 'badge-free' : 'badge-off'}`}>
          {station.open_now ? t('station.openNow') : t('station.closedNow')}
        </span>
        {station.online ? <span className="badge">{t('station.online')}</span> : null}
      </p>
      {station.online ? null : <p className="notice">{t('station.offline')}</p>}

      <h2>{t('station.address')}</h2>
      <p>{station.address}</p>
      <a
        className="button"
        href={directionsUrl(station.latitude, station.longitude)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('station.directions')}
        <span className="visually-hidden"> ({t('station.newTab')})</span>
      </a>

      <h2>{t('station.connectors')}</h2>
      {station.connectors.length === 0 ? (
        <p className="muted">{t('station.noConnectors')}</p>
      ) : (
        <ul className="cards">
          {station.connectors.map((connector) => (
            <ConnectorCard key={connector.id} stationId={station.id} connector={connector} />
          ))}
        </ul>
      )}

      <h2>{t('station.schedule')}</h2>
      <ScheduleList schedule={station.schedule} />

      {station.tags.length > 0 ? (
        <>
          <h2>{t('station.tags')}</h2>
          <ul className="tags">
            {station.tags.map((tag) => (
              <li key={tag.id} className="badge">
                {tag.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {station.infrastructure.length > 0 ? (
        <>
          <h2>{t('station.infrastructure')}</h2>
          <ul className="tags">
            {station.infrastructure.map((item) => (
              <li key={item.id} className="badge">
                {item.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
};

/** `/app/stations/:id`: a station's photos, address and directions, connectors with status and price, hours, tags. */
export const StationPage = () => {
  const { t } = useTranslation('stations');
  const { id = '' } = useParams();
  const station = useStation(id);
  return (
    <Screen title={station.data?.name ?? t('title')}>
      <Link className="link back-link" to="/stations">
        <span aria-hidden="true">← </span>
        {t('station.back')}
      </Link>
      {station.data ? (
        <StationDetails station={station.data} />
      ) : station.isError ? (
        <LoadError error={station.error} onRetry={() => void station.refetch()} />
      ) : (
        <Loading />
      )}
    </Screen>
  );
};
