import type { TLatLng } from '@zaryad/contracts';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const StationLocationCanvas = lazy(async () => ({
  default: (await import('@/features/map/StationLocationCanvas')).StationLocationCanvas,
}));

/** Read-only: the station's marker and its 'station is here' popup (station info page). */
export const StationLocationMap = ({ point, height = '40vh' }: { point: TLatLng; height?: string }) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
    <StationLocationCanvas point={point} height={height} />
  </Suspense>
);
