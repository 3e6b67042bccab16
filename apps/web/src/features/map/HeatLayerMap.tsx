import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { THeatLayerMapProps } from '@/features/map/types';

// Leaflet, its CSS and the heat layer plugin load only with the screen that shows this map.
const HeatLayerCanvas = /* @__PURE__ */ lazy(async () => ({
  default: (await import('@/features/map/HeatLayerCanvas')).HeatLayerCanvas,
}));

/** Weighted points as a heat layer (leaflet.heat), with station markers and their popups from zoom 14. */
export const HeatLayerMap = (props: THeatLayerMapProps) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? '70vh' }} />}>
    <HeatLayerCanvas {...props} />
  </Suspense>
);

/** The layer's colours from the least to the most weight, for a legend outside the map. */
export const HEAT_LEGEND_COLORS = ['#2c7bb6', '#00a6ca', '#90eb9d', '#f9d057', '#d7191c'];
