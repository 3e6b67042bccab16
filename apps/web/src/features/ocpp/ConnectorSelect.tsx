import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChargePointState } from '@/features/ocpp/api';

/**
 * The connectors a command may name: those the charge point reported (1 and up), 0 for the whole station where the
 * action takes it; connector 1 while it has reported none.
 */
export const useConnectorIds = (stationId: number) => {
  const { data } = useChargePointState(stationId);
  const reported = (data?.connectors ?? []).map((connector) => connector.connector_id).filter((id) => id > 0);
  return reported.length > 0 ? reported : [1];
};

export const ConnectorSelect = ({
  stationId,
  withStation = false,
  value,
  onChange,
  id,
}: {
  stationId: number;
  /** Offers 0, the whole charge point. */
  withStation?: boolean;
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) => {
  const { t } = useTranslation('ocpp');
  const ids = useConnectorIds(stationId);
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      style={{ minWidth: 180 }}
      options={[
        ...(withStation ? [{ value: 0, label: t('actions.wholeStation') }] : []),
        ...ids.map((connectorId) => ({ value: connectorId, label: t('connector', { id: connectorId }) })),
      ]}
    />
  );
};
