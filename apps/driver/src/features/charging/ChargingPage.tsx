import type { TAppCharge, TAppSession } from '@zaryad/contracts/app';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { useBalance, useStopCharge } from '@/features/charging/api';
import { clock, useNow } from '@/features/charging/format';
import { chargingTexts } from '@/features/charging/texts';
import { useLiveSession } from '@/features/charging/useLiveSession';
import { useFailureText } from '@/lib/failure';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('charging', chargingTexts);

/** Stop, asked twice: a tap on a phone in a pocket must not end a charge. */
const StopCharge = ({ charge }: { charge: TAppCharge }) => {
  const { t } = useTranslation('charging');
  const errorText = useFailureText();
  const stop = useStopCharge();
  const [isConfirming, setConfirming] = useState(false);
  if (stop.isSuccess) {
    return (
      <p className="state" role="status">
        {t('live.stopping')}
      </p>
    );
  }
  return (
    <>
      {stop.isError ? (
        <p className="error" role="alert">
          {errorText(stop.error)}
        </p>
      ) : null}
      {isConfirming ? (
        <div className="confirm" role="alertdialog" aria-labelledby="stop-question">
          <p id="stop-question">{t('live.confirm', { station: charge.station.name })}</p>
          <button
            type="button"
            className="button button-danger"
            disabled={stop.isPending}
            onClick={() => stop.mutate(charge.id, { onSettled: () => setConfirming(false) })}
          >
            {t('live.confirmStop')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {t('live.keep')}
          </button>
        </div>
      ) : (
        <button type="button" className="button button-danger button-big" onClick={() => setConfirming(true)}>
          {t('live.stop')}
        </button>
      )}
    </>
  );
};

/** One running charge: energy, power, time (ticking between updates), cost so far and the balance's hold. */
const LiveCharge = ({ charge, receivedAt }: { charge: TAppCharge; receivedAt: number }) => {
  const { t } = useTranslation('charging');
  const { energy, power, money, unit, units } = useNumberFormat();
  const balance = useBalance();
  const now = useNow(true);
  const elapsed = charge.duration + Math.max(0, Math.floor((now - receivedAt) / 1000));
  return (
    <article className="live" aria-labelledby={`charge-${charge.id}`}>
      <h2 id={`charge-${charge.id}`}>{charge.station.name}</h2>
      <p className="muted">
        {charge.station.address} · {charge.connector.name}
      </p>
      <dl className="figures live-figures">
        <div className="live-main">
          <dt>{t('live.energy')}</dt>
          <dd className="figure" data-testid="live-energy">
            {energy(charge.consumption_kwh)}
          </dd>
        </div>
        <div>
          <dt>{t('live.power')}</dt>
          <dd data-testid="live-power">{charge.power_w === null ? '—' : power(charge.power_w / 1000)}</dd>
        </div>
        <div>
          <dt>{t('live.duration')}</dt>
          <dd>
            <time dateTime={`PT${elapsed}S`}>{clock(elapsed)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('live.cost')}</dt>
          <dd data-testid="live-cost">{unit(money(charge.cost), units.som)}</dd>
        </div>
        <div>
          <dt>{t('live.held')}</dt>
          <dd>{balance.data ? unit(money(balance.data.held), units.som) : '…'}</dd>
        </div>
      </dl>
      <StopCharge charge={charge} />
    </article>
  );
};

/** A start the charge point accepted and has not begun yet (no StartTransaction). */
const Starting = () => {
  const { t } = useTranslation('charging');
  return (
    <div className="state starting" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <p>{t('live.starting')}</p>
      <p className="muted">{t('live.startingHint')}</p>
    </div>
  );
};

/**
 * Sends the driver to a charge's receipt once it left the session: the charge watched here ended (stopped here, at
 * the car, or by the station).
 */
const useReceiptWhenEnded = (data: TAppSession | undefined) => {
  const navigate = useNavigate();
  const watched = useRef(new Set<number>());
  useEffect(() => {
    if (!data) {
      return;
    }
    const running = new Set(data.charges.map((charge) => charge.id));
    const ended = [...watched.current].find((id) => !running.has(id));
    watched.current = running;
    if (ended !== undefined) {
      void navigate(`/charges/${ended}`, { replace: true });
    }
  }, [data, navigate]);
};

/** `/app/charging`: the driver's charge now, live (the event stream, else polling), its stop, then its receipt. */
export const ChargingPage = () => {
  const { t } = useTranslation('charging');
  const { session, isStreaming } = useLiveSession();
  useReceiptWhenEnded(session.data);
  const history = (
    <Link className="link" to="/charges">
      {t('history')}
    </Link>
  );
  return (
    <Screen title={t('title')} actions={history}>
      {session.isPending ? (
        <Loading />
      ) : session.isError && !session.data ? (
        <>
          <LoadError error={session.error} onRetry={() => void session.refetch()} />
          <p className="state">{t('live.needsNetwork')}</p>
        </>
      ) : session.data.charges.length === 0 && session.data.starting.length === 0 ? (
        <p className="state">{t('none')}</p>
      ) : (
        <>
          {session.data.charges.map((charge) => (
            <LiveCharge key={charge.id} charge={charge} receivedAt={session.dataUpdatedAt} />
          ))}
          {session.data.starting.length > 0 && session.data.charges.length === 0 ? <Starting /> : null}
          {session.isError ? (
            <p className="error" role="alert">
              {t('live.needsNetwork')}
            </p>
          ) : isStreaming ? null : (
            <p className="muted small">{t('live.polling')}</p>
          )}
        </>
      )}
    </Screen>
  );
};
