import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { ChargePointSummary } from '@/features/ocpp/ChargePointStatus';
import { useChargePointState } from '@/features/ocpp/api';

const Loading = () => <Skeleton.Button active size="small" />;

const LiveSummary = ({ stationId }: { stationId: number }) => {
  const { data } = useChargePointState(stationId);
  return data ? <ChargePointSummary state={data} /> : <Loading />;
};

/**
 * The merchant's stations table: a station's charge point, live. Its texts (the lazy `ocpp` namespace) load with the
 * first cell; the cell waits for them alone, not the table.
 */
export const ChargePointStatusCell = ({ stationId }: { stationId: number }) => (
  <Suspense fallback={<Loading />}>
    <LiveSummary stationId={stationId} />
  </Suspense>
);
