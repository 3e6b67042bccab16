import type { TLatLng } from '@zaryad/contracts';
import type { ReactNode } from 'react';

/** What the picker reports: coordinates rounded to 6 decimals, and the address when the geocoder found one. */
export type TPickedPoint = TLatLng & { address: string | null };

export type TMapPickerProps = {
  /** The station's point: the marker stands here and the map opens on it (on Bishkek when absent). */
  value?: TLatLng | null;
  /** Called when the operator confirms a clicked point with 'Save coordinates'. */
  onChange: (point: TPickedPoint) => void;
  /** CSS height of the map; 60vh by default (docs/product/stations.md#2-screens). */
  height?: string;
};

export type THeatLayerPoint = {
  key: string | number;
  latitude: number;
  longitude: number;
  /** Any scale: the layer divides by the largest weight. */
  weight: number;
  /** The marker's tooltip and the popup's content, shown from `markersFromZoom`. */
  title: string;
  popup: ReactNode;
};

export type THeatLayerMapProps = {
  points: THeatLayerPoint[];
  height?: string;
  /** Station markers show from this zoom on (14 unless told). */
  markersFromZoom?: number;
  label: string;
};
