import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { useConnectorPrice } from '@/features/stations/api';
import { errorMessage } from '@/lib/apiError';
import { useAfterFirstScreen } from '@/lib/useAfterFirstScreen';
import { useNumberFormat } from '@/lib/useNumberFormat';

const isNonZero = (amount: string) => /[1-9]/.test(amount);

/**
 * A connector's tariff in force now (Tariffs II): the energy price, the time, idle and per-charge prices when they are
 * not zero, and where it comes from (its personal tariff, its merchant's, the network's default). Each connector asks
 * for its own once the page's first screen is drawn, so a station of many connectors does not hold its first paint.
 */
export const ConnectorTariff = ({ connectorId }: { connectorId: number }) => {
  const { t } = useTranslation(['stationInfo', 'common']);
  const { money, unit, units } = useNumberFormat();
  const isReady = useAfterFirstScreen();
  const price = useConnectorPrice(connectorId, isReady);
  if (price.isError) {
    return <TextSpan tone="danger">{errorMessage(price.error, t('common:errors.request'))}</TextSpan>;
  }
  if (!price.data) {
    return (
      <TextSpan tone="secondary" aria-busy>
        {t('connector.loadingTariff')}
      </TextSpan>
    );
  }
  const { now, rate } = price.data;
  if (!now || !rate) {
    return <TextSpan tone="secondary">{t('connector.noTariff')}</TextSpan>;
  }
  return (
    <Flex vertical gap={2} data-testid={`tariff-now-${connectorId}`}>
      <TextSpan strong>{unit(money(now.fee), units.somPerKwh)}</TextSpan>
      {isNonZero(now.time_fee) ? <span>{t('connector.timePrice', { fee: money(now.time_fee) })}</span> : null}
      {isNonZero(now.idle_fee) ? (
        <span>{t('connector.idlePrice', { fee: money(now.idle_fee), grace: now.idle_grace_minutes })}</span>
      ) : null}
      {isNonZero(now.session_fee) ? <span>{t('connector.sessionPrice', { fee: money(now.session_fee) })}</span> : null}
      <TextSpan tone="secondary">
        {t(`connector.sources.${rate.source}`)}
        {rate.name ? ` · ${rate.name}` : ''}
      </TextSpan>
    </Flex>
  );
};
