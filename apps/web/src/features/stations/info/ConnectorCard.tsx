import type { TConnector } from '@zaryad/contracts';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { ConnectorTariff } from '@/features/stations/info/ConnectorTariff';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TConnectorCardProps = { connector: TConnector; positionLabel: string };

/** One connector: type, position, power, cable, the tariff in force now, and its personal tariff beside the type's default. */
export const ConnectorCard = ({ connector, positionLabel }: TConnectorCardProps) => {
  const { t } = useTranslation('stationInfo');
  const { decimal, money, power } = useNumberFormat();
  const notSet = <TextSpan tone="secondary">{t('connector.notSet')}</TextSpan>;
  const fee = (value: string | null) => (value === null ? notSet : t('connector.fee', { fee: money(value) }));
  return (
    <Card
      size="small"
      type="inner"
      title={t('connector.title', { id: connector.connector_id })}
      data-testid={`connector-${connector.connector_id}`}
      style={{ minWidth: 260, flex: '1 1 260px' }}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'type', label: t('connector.type'), children: connector.typo_name },
          { key: 'position', label: t('connector.position'), children: positionLabel },
          {
            key: 'power',
            label: t('connector.power'),
            children: power(connector.power_kWh),
          },
          {
            key: 'cable',
            label: t('connector.cableLength'),
            children:
              connector.cable_length === null
                ? notSet
                : t('connector.meters', { length: decimal(connector.cable_length, { maxDigits: 2 }) }),
          },
          { key: 'now', label: t('connector.tariffNow'), children: <ConnectorTariff connectorId={connector.id} /> },
          { key: 'custom', label: t('connector.customFee'), children: fee(connector.custom_fee) },
          { key: 'default', label: t('connector.defaultFee'), children: fee(connector.fee_default) },
        ]}
      />
    </Card>
  );
};
