import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { TStationStatesMapProps } from '@/features/map/types';

// Leaflet and its CSS load only with the screen that shows this map.
const StationStatesCanvas = /* @__PURE__ */ lazy(async () => ({
  default: (await import('@/features/map/StationStatesCanvas')).StationStatesCanvas,
}));

/**
 * Every station as a dot coloured by its state, drawn on canvas tiles (the live board's 141,000 stations stay fast:
 * no marker per station); a click on a dot opens its popup.
 */
export const StationStatesMap = (props: TStationStatesMapProps) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? '60vh' }} />}>
    <StationStatesCanvas {...props} />
  </Suspense>
);
