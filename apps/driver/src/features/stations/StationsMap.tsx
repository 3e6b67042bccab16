import {
  circleMarker,
  divIcon,
  latLngBounds,
  type LayerGroup,
  layerGroup,
  map as createMap,
  type Map as LeafletMap,
  marker,
  tileLayer,
} from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppMap, TAppStationItem } from '@/features/stations/api';
import { availabilityOf } from '@/features/stations/StationCard';
import type { TPoint } from '@/features/stations/useDriverPosition';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TProps = {
  settings: TAppMap;
  stations: TAppStationItem[];
  centre: TPoint;
  isDevice: boolean;
  onSelect: (stationId: number) => void;
};

/** A pin's look: free connectors (green), none free (grey-blue), offline (grey). */
const pinClass = (station: TAppStationItem) => {
  const { available } = availabilityOf(station);
  return !station.online ? 'station-pin pin-off' : available > 0 ? 'station-pin pin-free' : 'station-pin pin-busy';
};

/**
 * The stations on a Leaflet map (loaded with this chunk only): the server's tiles, a pin per station with its free
 * connectors, the driver's position. Pins are buttons for the keyboard (Tab, Enter) and are named for screen readers;
 * choosing one shows its card under the map.
 */
export const StationsMap = ({ settings, stations, centre, isDevice, onSelect }: TProps) => {
  const { t } = useTranslation('stations');
  const { count } = useNumberFormat();
  const elementRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const pinsRef = useRef<LayerGroup | null>(null);
  const fittedRef = useRef('');
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!elementRef.current) {
      return undefined;
    }
    const map = createMap(elementRef.current, { zoomControl: true, attributionControl: true }).setView(
      [centre.lat, centre.lon],
      settings.zoom,
    );
    tileLayer(settings.tile_url, { attribution: settings.attribution, maxZoom: 19 }).addTo(map);
    pinsRef.current = layerGroup().addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      pinsRef.current = null;
    };
    // The map is made once per tile server; its view and pins follow below.
  }, [settings.tile_url]);

  useEffect(() => {
    const map = mapRef.current;
    const pins = pinsRef.current;
    if (!map || !pins) {
      return;
    }
    pins.clearLayers();
    if (isDevice) {
      circleMarker([centre.lat, centre.lon], { radius: 8, className: 'driver-dot', interactive: false }).addTo(pins);
    }
    for (const station of stations) {
      const { available, total } = availabilityOf(station);
      const name = station.online
        ? t('map.pin', { name: station.name, available, total })
        : t('map.pinOffline', { name: station.name });
      const pin = marker([station.latitude, station.longitude], {
        icon: divIcon({
          className: pinClass(station),
          html: `<span aria-hidden="true">${station.online ? count(available) : '–'}</span>`,
          iconSize: [48, 48],
          iconAnchor: [24, 24],
        }),
        title: name,
        alt: name,
        keyboard: true,
        riseOnHover: true,
      });
      pin.on('click', () => onSelectRef.current(station.id));
      pin.on('add', () => {
        const element = pin.getElement();
        element?.setAttribute('role', 'button');
        element?.setAttribute('aria-label', name);
      });
      pin.addTo(pins);
    }
    // Without the driver's position the map frames the stations found, once per set of them: a refresh of their
    // availability does not move a map the driver has panned.
    const fitKey = stations.map((station) => station.id).join(',');
    if (!isDevice && stations.length > 0 && fitKey !== fittedRef.current) {
      fittedRef.current = fitKey;
      map.fitBounds(latLngBounds(stations.map((station) => [station.latitude, station.longitude])), {
        padding: [32, 32],
        maxZoom: settings.zoom + 2,
      });
    }
  }, [stations, centre.lat, centre.lon, isDevice, settings.zoom, t, count]);

  useEffect(() => {
    mapRef.current?.setView([centre.lat, centre.lon]);
  }, [centre.lat, centre.lon]);

  return (
    <div className="station-map-frame">
      <div ref={elementRef} className="station-map" role="region" aria-label={t('map.label')} />
      {isDevice ? <span className="visually-hidden">{t('map.you')}</span> : null}
    </div>
  );
};
