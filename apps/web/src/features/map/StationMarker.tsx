import type { TLatLng } from '@zaryad/contracts';
import { Marker, Popup } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { stationMarkerIcon } from '@/features/map/stationMarkerIcon';

/** The station's pin with its 'station is here' popup, open from the start so the point reads at a glance. */
export const StationMarker = ({ point }: { point: TLatLng }) => {
  const { t } = useTranslation('map');
  return (
    <Marker
      position={[point.latitude, point.longitude]}
      icon={stationMarkerIcon}
      title={t('stationIsHere')}
      eventHandlers={{ add: (event) => event.target.openPopup() }}
    >
      <Popup autoPan={false}>{t('stationIsHere')}</Popup>
    </Marker>
  );
};
