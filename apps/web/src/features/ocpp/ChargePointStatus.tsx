import type { TChargePointConnector, TChargePointState } from '@zaryad/contracts/ocpp';
import { Badge, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';

const STATUS_COLORS: Record<string, string> = {
  Available: 'green',
  Preparing: 'blue',
  Charging: 'processing',
  SuspendedEV: 'orange',
  SuspendedEVSE: 'orange',
  Finishing: 'cyan',
  Reserved: 'purple',
  Unavailable: 'default',
  Faulted: 'red',
};

/** Online (connected and heard within three heartbeat intervals) or offline, with the last heartbeat. */
export const OnlineBadge = ({ state }: { state: TChargePointState }) => {
  const { t } = useTranslation('ocpp');
  const label = state.online ? t('online') : t('offline');
  const heartbeat = state.last_heartbeat
    ? t('lastHeartbeat', { time: formatDateTime(state.last_heartbeat) })
    : t('neverConnected');
  return (
    <Tooltip title={heartbeat}>
      <Badge status={state.online ? 'success' : 'default'} text={label} data-testid="charge-point-online" />
    </Tooltip>
  );
};

/** One connector's OCPP status as a coloured tag: 'Station' for connector 0, its error code when it has one. */
export const ConnectorStatusTag = ({ connector }: { connector: TChargePointConnector }) => {
  const { t } = useTranslation('ocpp');
  const status = t(`statuses.${connector.status}` as 'statuses.Available', {
    defaultValue: connector.status,
  });
  const name = connector.connector_id === 0 ? t('station') : t('connector', { id: connector.connector_id });
  const error = connector.error_code !== 'NoError' ? ` · ${connector.error_code}` : '';
  return (
    <Tag
      color={STATUS_COLORS[connector.status] ?? 'default'}
      data-testid={`ocpp-status-${connector.connector_id}`}
      data-status={connector.status}
    >
      {`${name}: ${status}${error}`}
    </Tag>
  );
};

/** The compact form for a table cell: online badge and every connector's tag. */
export const ChargePointSummary = ({ state }: { state: TChargePointState }) => (
  <Flex vertical gap={4} align="start">
    <OnlineBadge state={state} />
    {state.connectors.length > 0 ? (
      <Flex gap={4} wrap>
        {state.connectors.map((connector) => (
          <ConnectorStatusTag key={connector.connector_id} connector={connector} />
        ))}
      </Flex>
    ) : null}
  </Flex>
);
