import { Skeleton } from 'antd';
import { ChargePointSummary } from '@/features/ocpp/ChargePointStatus';
import { useChargePointState } from '@/features/ocpp/api';

/** The merchant's stations table: a station's charge point, live. */
export const ChargePointStatusCell = ({ stationId }: { stationId: number }) => {
  const { data } = useChargePointState(stationId);
  return data ? <ChargePointSummary state={data} /> : <Skeleton.Button active size="small" />;
};
