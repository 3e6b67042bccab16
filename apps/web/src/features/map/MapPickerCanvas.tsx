import { MAP_DEFAULTS, type TLatLng } from '@zaryad/contracts';
import type { Map as LeafletMap } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, useMapEvents } from 'react-leaflet';
import { roundCoordinate, wrapLongitude } from '@/features/map/coordinates';
import { MapFrame } from '@/features/map/MapFrame';
import { MapSearch } from '@/features/map/MapSearch';
import { MapTiles } from '@/features/map/MapTiles';
import { PickedPointModal } from '@/features/map/PickedPointModal';
import { StationMarker } from '@/features/map/StationMarker';
import type { TMapPickerProps } from '@/features/map/types';

const ClickToPick = ({ onPick }: { onPick: (point: TLatLng) => void }) => {
  useMapEvents({
    click: (event) => {
      onPick({ latitude: roundCoordinate(event.latlng.lat), longitude: roundCoordinate(wrapLongitude(event.latlng.lng)) });
    },
  });
  return null;
};

/** The Leaflet part of the map picker: loaded on demand by MapPicker. */
export const MapPickerCanvas = ({ value, onChange, height = '60vh' }: TMapPickerProps) => {
  const { t } = useTranslation('map');
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [picked, setPicked] = useState<TLatLng | null>(null);
  const center = value ?? MAP_DEFAULTS.center;
  return (
    <MapFrame height={height}>
      {(config) => (
        <>
          <MapContainer
            ref={setMap}
            center={[center.latitude, center.longitude]}
            zoom={config.zoom}
            style={{ height: '100%', width: '100%', cursor: 'crosshair' }}
            aria-label={t('label')}
          >
            <MapTiles config={config} />
            <ClickToPick onPick={setPicked} />
            {value && <StationMarker point={value} />}
            {picked && (
              <CircleMarker center={[picked.latitude, picked.longitude]} radius={8} pathOptions={{ color: '#22A699' }} />
            )}
          </MapContainer>
          {/* Outside the Leaflet container: typing and clicking in the field must not pick points. */}
          <div style={{ position: 'absolute', top: 12, right: 12, zIndex: 1000 }} data-testid="map-search">
            <MapSearch map={map} />
          </div>
          <PickedPointModal
            point={picked}
            onCancel={() => setPicked(null)}
            onSave={(point) => {
              setPicked(null);
              onChange(point);
            }}
          />
        </>
      )}
    </MapFrame>
  );
};
