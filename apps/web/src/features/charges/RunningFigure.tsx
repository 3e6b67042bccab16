import type { TCharge } from '@zaryad/contracts';
import { TextSpan } from '@/components/text/TextSpan';
import { Money } from '@/components/money/Money';
import { isRunning } from '@/features/charges/chargeText';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { useTranslation } from 'react-i18next';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * What a running charge has come to so far (docs/product/charges.md#3-records, `running_cost`): the server prices the
 * meter's last value by the engine's own function; nothing is computed here. The figure is marked "so far", and its
 * title says when the meter was last heard and at what tariff, since a promotion chosen at the finish may lower it.
 */
export const useRunningHint = () => {
  const { t } = useTranslation('charges');
  const { money } = useNumberFormat();
  return (charge: TCharge) =>
    charge.running_cost
      ? t('running.hint', {
          time: formatDateTime(charge.running_cost.meter_at),
          price: money(charge.tariff.price_per_kwh),
        })
      : undefined;
};

/** The consumption cell: a running charge's kWh so far, marked as such. */
export const ConsumptionFigure = ({ charge }: { charge: TCharge }) => {
  const { t } = useTranslation('charges');
  const { kwh } = useNumberFormat();
  const hint = useRunningHint()(charge);
  if (!isRunning(charge.status) || !hint) {
    return <>{kwh(charge.consumption_kwh)}</>;
  }
  return (
    <span style={nowrap} title={hint} data-testid="running-kwh">
      {kwh(charge.consumption_kwh)} <TextSpan tone="secondary">{t('running.soFar')}</TextSpan>
    </span>
  );
};

/** The cost cell: the booked total and its discount, or while it runs the cost so far and its discount so far. */
export const CostFigure = ({ charge }: { charge: TCharge }) => {
  const { t } = useTranslation('charges');
  const { money } = useNumberFormat();
  const hint = useRunningHint()(charge);
  const running = isRunning(charge.status) ? charge.running_cost : null;
  const total = running?.total_cost ?? charge.total_cost;
  const discount = running?.discount ?? charge.discount;
  return (
    <span style={nowrap} title={running ? hint : undefined} data-testid={running ? 'running-cost' : undefined}>
      <Money value={total} />
      {running ? (
        <>
          {' '}
          <TextSpan tone="secondary">{t('running.soFar')}</TextSpan>
        </>
      ) : null}
      {/[1-9]/.test(discount) ? (
        <>
          <br />
          <TextSpan tone="secondary">{t('columns.discount', { amount: money(discount) })}</TextSpan>
        </>
      ) : null}
    </span>
  );
};
