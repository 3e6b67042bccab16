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

/** A station on the states map: [id, name, merchant id, latitude, longitude, state] (the live board's tuple). */
export type TStatePoint = readonly [number, string, number, number, number, string];

export type TStationStatesMapProps = {
  stations: readonly TStatePoint[];
  /** Bumped when a station's state changes: the layer redraws (at most once a second). */
  version: number;
  /** Each state's colour; states drawn in this object's order, the last on top. */
  colors: Record<string, string>;
  /** The popup of the station clicked. */
  popup: (station: TStatePoint) => ReactNode;
  label: string;
  height?: string;
  /** Darkened tiles, for the dark theme. */
  dark?: boolean;
};
