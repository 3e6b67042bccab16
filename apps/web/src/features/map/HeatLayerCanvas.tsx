import { leafletGlobal } from '@/features/map/leafletGlobal';
import 'leaflet.heat';
import type { HeatLatLngTuple, HeatLayer, HeatMapOptions, Map as LeafletMap } from 'leaflet';
import { MAP_DEFAULTS } from '@zaryad/contracts';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MapFrame } from '@/features/map/MapFrame';
import { MapTiles } from '@/features/map/MapTiles';
import { stationMarkerIcon } from '@/features/map/stationMarkerIcon';
import type { THeatLayerMapProps } from '@/features/map/types';

const heatLayer = (leafletGlobal as { heatLayer: (points: HeatLatLngTuple[], options: HeatMapOptions) => HeatLayer })
  .heatLayer;

/** The colours of the layer, from the least to the most weight: the legend shows the same. */
export const HEAT_GRADIENT = { 0.2: '#2c7bb6', 0.4: '#00a6ca', 0.6: '#90eb9d', 0.8: '#f9d057', 1: '#d7191c' };

const Heat = ({ points }: { points: THeatLayerMapProps['points'] }) => {
  const map = useMap();
  useEffect(() => {
    const max = Math.max(0, ...points.map((point) => point.weight));
    // maxZoom: the plugin fades points below it (2^(maxZoom - zoom)); the network's zoom 13 must show full weights.
    const layer = heatLayer(
      points.map((point): HeatLatLngTuple => [point.latitude, point.longitude, max === 0 ? 0 : point.weight / max]),
      { radius: 30, blur: 20, max: 1, maxZoom: 12, minOpacity: 0.35, gradient: HEAT_GRADIENT },
    );
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, points]);
  return null;
};

const ZoomWatch = ({ onZoom }: { onZoom: (zoom: number) => void }) => {
  useMapEvents({ zoomend: (event) => onZoom((event.target as LeafletMap).getZoom()) });
  return null;
};

/** The Leaflet part of the heat map: loaded on demand by HeatLayerMap, with the heat layer plugin. */
export const HeatLayerCanvas = ({ points, height = '70vh', markersFromZoom = 14, label }: THeatLayerMapProps) => {
  const [zoom, setZoom] = useState<number>(MAP_DEFAULTS.zoom);
  return (
    <MapFrame height={height}>
      {(config) => (
        <MapContainer
          center={[MAP_DEFAULTS.center.latitude, MAP_DEFAULTS.center.longitude]}
          zoom={config.zoom}
          style={{ height: '100%', width: '100%' }}
          aria-label={label}
        >
          <MapTiles config={config} />
          <Heat points={points} />
          <ZoomWatch onZoom={setZoom} />
          {zoom >= markersFromZoom &&
            points.map((point) => (
              <Marker
                key={point.key}
                position={[point.latitude, point.longitude]}
                icon={stationMarkerIcon}
                title={point.title}
              >
                <Popup>{point.popup}</Popup>
              </Marker>
            ))}
        </MapContainer>
      )}
    </MapFrame>
  );
};
