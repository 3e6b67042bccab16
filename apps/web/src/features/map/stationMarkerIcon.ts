import { icon } from 'leaflet';
import markerUrl from '@/features/map/station-marker.svg';

/**
 * Leaflet's default icon finds its images by a CSS path that Vite rewrites, and breaks: the icon is imported
 * explicitly instead. 45x45 (docs/product/common.md#9-limits), the pin's tip on the point.
 */
export const stationMarkerIcon = icon({
  iconUrl: markerUrl,
  iconSize: [45, 45],
  iconAnchor: [22, 44],
  popupAnchor: [0, -40],
});
