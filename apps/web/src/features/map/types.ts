import type { TLatLng } from '@zaryad/contracts';

/** What the picker reports: coordinates rounded to 6 decimals, and the address when the geocoder found one. */
export type TPickedPoint = TLatLng & { address: string | null };

export type TMapPickerProps = {
  /** The station's point: the marker stands here and the map opens on it (on Bishkek when absent). */
  value?: TLatLng | null;
  /** Called when the operator confirms a clicked point with 'Save coordinates'. */
  onChange: (point: TPickedPoint) => void;
  /** CSS height of the map; 60vh by default (SPEC.md section 2). */
  height?: string;
};
