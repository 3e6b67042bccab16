import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TConnectorDraft } from '@/features/stations/form/modules';
import { TextSpan } from '@/components/text/TextSpan';
import { useNumberFormat } from '@/lib/useNumberFormat';

export type TConnectorCardProps = {
  connector: TConnectorDraft;
  typeName: string;
  positionLabel: string;
  /** The type's default tariff, shown when the connector has no personal one. */
  defaultFee: string | null;
  /** Its position repeats another connector's (docs/product/stations.md#4-states-and-rules). */
  isConflicting: boolean;
  onEdit: () => void;
  onRemove: () => void;
};

/** docs/product/stations.md#2-screens: a connector card shows its id, type, position and tariff. */
export const ConnectorCard = ({
  connector,
  typeName,
  positionLabel,
  defaultFee,
  isConflicting,
  onEdit,
  onRemove,
}: TConnectorCardProps) => {
  const { t } = useTranslation(['stationForm', 'common']);
  const { decimal, money, unit } = useNumberFormat();
  const { token } = theme.useToken();
  const fee = connector.custom_fee ?? defaultFee;
  const title = t('connector.title', { id: connector.ocpp_16_id });
  return (
    <Flex
      data-testid={`connector-${connector.ocpp_16_id}`}
      data-conflict={isConflicting ? 'true' : undefined}
      justify="space-between"
      align="flex-start"
      gap={8}
      style={{
        padding: 12,
        borderRadius: token.borderRadius,
        border: `1px solid ${isConflicting ? token.colorError : token.colorBorderSecondary}`,
        background: isConflicting ? token.colorErrorBg : token.colorFillQuaternary,
      }}
    >
      <div style={{ minWidth: 0 }}>
        <TextSpan strong>{title}</TextSpan>
        <div>{typeName}</div>
        <TextSpan tone="secondary">
          {t('connector.position')}: {positionLabel} ·{' '}
          {t('connector.powerValue', { power: decimal(connector.power_kWh, { maxDigits: 2 }) })}
        </TextSpan>
        <div>
          <TextSpan tone={connector.custom_fee === null ? 'secondary' : undefined}>
            {t('connector.fee')}: {fee === null ? '—' : unit(money(fee), t('connector.feeUnit'))}
          </TextSpan>
        </div>
        {connector.rate_id === null ? null : (
          <div>
            <TextSpan>
              {t('connector.personalRate')}: {connector.rate_name ?? `#${connector.rate_id}`}
            </TextSpan>
          </div>
        )}
      </div>
      <Flex gap={4}>
        <Button
          size="small"
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('actions.editConnector', { id: connector.ocpp_16_id })}
          onClick={onEdit}
        />
        <Popconfirm
          title={t('connector.removeConfirm', { id: connector.ocpp_16_id })}
          okText={t('common:actions.confirm')}
          cancelText={t('common:actions.cancel')}
          onConfirm={onRemove}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('actions.removeConnector', { id: connector.ocpp_16_id })}
          />
        </Popconfirm>
      </Flex>
    </Flex>
  );
};
