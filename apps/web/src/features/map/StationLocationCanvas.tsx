import type { TLatLng } from '@zaryad/contracts';
import { MapContainer } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { MapFrame } from '@/features/map/MapFrame';
import { MapTiles } from '@/features/map/MapTiles';
import { StationMarker } from '@/features/map/StationMarker';

/** A station's point on a map that only shows it: loaded on demand by StationLocationMap. */
export const StationLocationCanvas = ({ point, height = '40vh' }: { point: TLatLng; height?: string }) => {
  const { t } = useTranslation('map');
  return (
    <MapFrame height={height}>
      {(config) => (
        <MapContainer
          center={[point.latitude, point.longitude]}
          zoom={config.zoom + 2}
          scrollWheelZoom={false}
          style={{ height: '100%', width: '100%' }}
          aria-label={t('label')}
        >
          <MapTiles config={config} />
          <StationMarker point={point} />
        </MapContainer>
      )}
    </MapFrame>
  );
};
