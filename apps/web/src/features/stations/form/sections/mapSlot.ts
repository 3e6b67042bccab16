import { lazy, type ComponentType } from 'react';

/** The MapPicker's props, as its owner (features/map) publishes them. */
export type TMapPoint = { latitude: number; longitude: number };
export type TMapPickerProps = {
  value?: TMapPoint | null;
  onChange?: (point: TMapPoint & { address?: string | null }) => void;
};

// MAP SLOT: the MapPicker lands in features/map while this form is built. Looking it up with a glob keeps the
// form compiling without it (the slot is then empty and the coordinates are typed); once the file exists the
// bundler picks it up as a lazily loaded chunk, so Leaflet stays out of the form's own chunk.
const candidates = import.meta.glob<{ MapPicker: ComponentType<TMapPickerProps> }>('/src/features/map/MapPicker.tsx');
const load = Object.values(candidates)[0];

export const LazyMapPicker = load ? lazy(async () => ({ default: (await load()).MapPicker })) : null;
