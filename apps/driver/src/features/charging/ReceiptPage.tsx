import type { TAppCharge } from '@zaryad/contracts/app';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { useCharge } from '@/features/charging/api';
import { bishkekDateTime, clock } from '@/features/charging/format';
import { chargingTexts } from '@/features/charging/texts';
import { registerTexts } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

registerTexts('charging', chargingTexts);

type TBreakdownPart = 'energy' | 'time' | 'idle' | 'session' | 'adjustment';
const BREAKDOWN_PARTS: readonly TBreakdownPart[] = ['energy', 'time', 'idle', 'session', 'adjustment'];

/** What the amount is made of: the parts the tariff charged (zero ones left out), the discount, the total. */
const Breakdown = ({ charge }: { charge: TAppCharge }) => {
  const { t } = useTranslation('charging');
  const { money, unit, units } = useNumberFormat();
  const som = (value: string) => unit(money(value), units.som);
  const breakdown = charge.cost_breakdown;
  const parts = breakdown ? BREAKDOWN_PARTS.filter((part) => Number(breakdown[part]) !== 0) : [];
  return (
    <section aria-labelledby="receipt-breakdown">
      <h2 id="receipt-breakdown">{t('receipt.breakdown')}</h2>
      <dl className="receipt-lines">
        {breakdown
          ? parts.map((part) => (
              <div key={part}>
                <dt>{t(`receipt.${part}`)}</dt>
                <dd>{som(breakdown[part])}</dd>
              </div>
            ))
          : null}
        {Number(charge.discount) !== 0 ? (
          <div>
            <dt>{t('receipt.discount')}</dt>
            <dd>−{som(charge.discount)}</dd>
          </div>
        ) : null}
        <div className="receipt-total">
          <dt>{t('receipt.total')}</dt>
          <dd data-testid="receipt-total">{som(charge.cost)}</dd>
        </div>
      </dl>
    </section>
  );
};

/** `/app/charges/{id}`: a charge's receipt; while it is still finishing, a line that says so and asks again. */
export const ReceiptPage = () => {
  const { t, i18n } = useTranslation(['charging', 'app']);
  const { energy } = useNumberFormat();
  const chargeId = Number(useParams().id);
  const charge = useCharge(chargeId);
  const language = i18n.resolvedLanguage ?? 'ru';
  return (
    <Screen
      title={t('receipt.title', { id: chargeId })}
      actions={
        <Link className="link" to="/charges">
          {t('history')}
        </Link>
      }
    >
      {charge.isPending && Number.isInteger(chargeId) ? (
        <Loading />
      ) : charge.isError || !charge.data ? (
        <LoadError error={charge.error} onRetry={() => void charge.refetch()} />
      ) : (
        <>
          {charge.data.running ? (
            <p className="state" role="status" aria-live="polite">
              {t('receipt.finishing')}
            </p>
          ) : null}
          <dl className="receipt-lines">
            <div>
              <dt>{t('receipt.station')}</dt>
              <dd>
                {charge.data.station.name}
                <span className="muted"> · {charge.data.station.address}</span>
              </dd>
            </div>
            <div>
              <dt>{t('receipt.connector')}</dt>
              <dd>{charge.data.connector.name}</dd>
            </div>
            <div>
              <dt>{t('receipt.started')}</dt>
              <dd>{bishkekDateTime(charge.data.started_at, language)}</dd>
            </div>
            {charge.data.finished_at ? (
              <div>
                <dt>{t('receipt.finished')}</dt>
                <dd>{bishkekDateTime(charge.data.finished_at, language)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('receipt.duration')}</dt>
              <dd>{clock(charge.data.duration)}</dd>
            </div>
            <div>
              <dt>{t('receipt.energyUsed')}</dt>
              <dd>{energy(charge.data.consumption_kwh)}</dd>
            </div>
            <div>
              <dt>{t('receipt.payment')}</dt>
              <dd>{t(`receipt.methods.${charge.data.payment_method}`)}</dd>
            </div>
          </dl>
          {charge.data.running ? null : <Breakdown charge={charge.data} />}
        </>
      )}
    </Screen>
  );
};
