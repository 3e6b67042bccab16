import type { TAppStation } from '@zaryad/contracts/app-catalogue';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { chargingKeys, fetchSession, useStartCharge, useStation } from '@/features/charging/api';
import { chargingTexts } from '@/features/charging/texts';
import { useFailureText } from '@/lib/failure';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('charging', chargingTexts);

type TConnector = TAppStation['connectors'][number];

const KNOWN_STATUSES = new Set([
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
]);

/** Why a start would be refused now, as the station's answer tells it; null when the button may be pressed. */
const blockerOf = (station: TAppStation, connector: TConnector) => {
  if (!station.online) {
    return 'start.offline';
  }
  if (!station.open_now) {
    return 'start.closed';
  }
  if (connector.price.now === null) {
    return 'start.noTariff';
  }
  // `available` is Available and online; Preparing (the cable already in the car) takes a start as well.
  return connector.available || connector.status === 'Preparing' ? null : 'start.busy';
};

/** The price in force now: per kWh, and the time, session and idle fees when the tariff has them. */
const PriceNow = ({ connector }: { connector: TConnector }) => {
  const { t } = useTranslation('charging');
  const { money, unit, units } = useNumberFormat();
  const prices = connector.price.now;
  if (!prices) {
    return <>{t('start.noTariff')}</>;
  }
  const som = (value: string) => unit(money(value), units.som);
  const isSet = (value: string) => Number(value) > 0;
  return (
    <span className="price-lines">
      <span>{t('start.energyPrice', { fee: som(prices.fee) })}</span>
      {isSet(prices.time_fee) ? <span>{t('start.timePrice', { fee: som(prices.time_fee) })}</span> : null}
      {isSet(prices.session_fee) ? <span>{t('start.sessionPrice', { fee: som(prices.session_fee) })}</span> : null}
      {isSet(prices.idle_fee) ? (
        <span className="muted">
          {t('start.idlePrice', { fee: som(prices.idle_fee), grace: prices.idle_grace_minutes })}
        </span>
      ) : null}
    </span>
  );
};

/**
 * `/app/stations/{stationId}/connectors/{connectorId}`: the link a charger's QR code opens. The connector (type, power,
 * status, price now) and one big button that starts the charge, then the live screen.
 */
export const StartPage = () => {
  const failureText = useFailureText();
  const { t } = useTranslation(['charging', 'app']);
  const { power } = useNumberFormat();
  const navigate = useNavigate();
  const params = useParams();
  const stationId = Number(params.stationId);
  const connectorId = Number(params.connectorId);
  const station = useStation(stationId);
  const start = useStartCharge();
  // A driver who scans a code again while a charge of theirs runs is shown the way to it.
  const session = useQuery({ queryKey: chargingKeys.session, queryFn: ({ signal }) => fetchSession(signal) });
  const hasCharge = Boolean(session.data && (session.data.charges.length > 0 || session.data.starting.length > 0));

  if (station.isError || !Number.isInteger(stationId)) {
    return (
      <Screen title={t('title')}>
        <LoadError error={station.error} onRetry={() => void station.refetch()} />
      </Screen>
    );
  }
  if (station.isPending) {
    return (
      <Screen title={t('title')}>
        <Loading />
      </Screen>
    );
  }
  const connector = station.data.connectors.find((item) => item.id === connectorId);
  if (!connector) {
    return (
      <Screen title={station.data.name}>
        <p className="state" role="alert">
          {t('start.unknownConnector')}
        </p>
      </Screen>
    );
  }
  const blocker = blockerOf(station.data, connector);
  const status = connector.status && KNOWN_STATUSES.has(connector.status) ? connector.status : 'unknown';
  const startError = start.error ? failureText(start.error) : null;
  const onStart = () => {
    start.mutate(connector.id, { onSuccess: () => void navigate('/charging') });
  };
  return (
    <Screen title={station.data.name}>
      <p className="muted">{station.data.address}</p>
      {hasCharge ? (
        <p className="state">
          <Link className="button" to="/charging">
            {t('start.toCharge')}
          </Link>
        </p>
      ) : null}
      <h2>{t('start.title', { name: connector.ocpp_id })}</h2>
      <dl className="figures">
        <div>
          <dt>{t('start.type')}</dt>
          <dd>
            {connector.type_name} · {connector.current}
          </dd>
        </div>
        <div>
          <dt>{t('start.power')}</dt>
          <dd>{power(connector.power_kw)}</dd>
        </div>
        <div>
          <dt>{t('start.status')}</dt>
          <dd className={`status status-${status}`}>{t(`app:connectorStatus.${status}`)}</dd>
        </div>
        <div>
          <dt>{t('start.price')}</dt>
          <dd>
            <PriceNow connector={connector} />
          </dd>
        </div>
      </dl>
      {blocker ? <p className="state">{t(blocker)}</p> : <p className="muted">{t('start.hint')}</p>}
      {startError ? (
        <p className="error" role="alert">
          {startError}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-big"
        disabled={blocker !== null || start.isPending}
        onClick={onStart}
      >
        {start.isPending ? t('start.sending') : t('start.button')}
      </button>
    </Screen>
  );
};
