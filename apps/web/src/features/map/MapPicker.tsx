import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { TMapPickerProps } from '@/features/map/types';

// Leaflet and its CSS (~45 KB gzip) load only when a map is shown, not with every screen that imports this.
const MapPickerCanvas = lazy(async () => ({ default: (await import('@/features/map/MapPickerCanvas')).MapPickerCanvas }));

/**
 * Picks a station's point (docs/product/stations.md#2-screens, map picker): click, check the resolved address, 'Save
 * coordinates'. `onChange` gets {latitude, longitude, address} with 6 decimals.
 */
export const MapPicker = (props: TMapPickerProps) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? '60vh' }} />}>
    <MapPickerCanvas {...props} />
  </Suspense>
);
