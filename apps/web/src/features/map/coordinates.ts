/**
 * Coordinates travel with 6 decimals (docs/product/stations.md#7-calls): about 10 cm, more than a click can mean. They are written as
 * the API and the map take them (a dot in every language, as coordinates are pasted), not as figures of the screens.
 */
// eslint-disable-next-line zaryad/no-ad-hoc-number-format -- a coordinate as the API takes it, not a figure
export const roundCoordinate = (value: number) => Number(value.toFixed(6));

// eslint-disable-next-line zaryad/no-ad-hoc-number-format -- a coordinate as the API takes it, not a figure
export const formatCoordinate = (value: number) => value.toFixed(6);

/** Leaflet hands out longitudes beyond ±180 after panning around the globe. */
export const wrapLongitude = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
