// The map (docs/product/stations.md#2-screens, map picker). Importing from here never loads Leaflet: the maps load when shown.
export { MapPicker } from '@/features/map/MapPicker';
export { StationLocationMap } from '@/features/map/StationLocationMap';
export { StationMapView, type TStationMapViewProps } from '@/features/map/StationMapView';
export type { TMapPickerProps, TPickedPoint } from '@/features/map/types';
export { formatCoordinate } from '@/features/map/coordinates';
// The heat map's layer (the analytics feature's /heat-map): Leaflet and leaflet.heat load when it is shown.
export { HeatLayerMap, HEAT_LEGEND_COLORS } from '@/features/map/HeatLayerMap';
export type { THeatLayerMapProps, THeatLayerPoint } from '@/features/map/types';
// The live board's map (features/live): every station as a dot in its state's colour, on canvas tiles.
export { StationStatesMap } from '@/features/map/StationStatesMap';
export type { TStatePoint, TStationStatesMapProps } from '@/features/map/types';
