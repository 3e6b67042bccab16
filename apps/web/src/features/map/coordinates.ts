/** Coordinates travel with 6 decimals (SPEC.md section 7): about 10 cm, more than a click can mean. */
export const roundCoordinate = (value: number) => Number(value.toFixed(6));

export const formatCoordinate = (value: number) => value.toFixed(6);

/** Leaflet hands out longitudes beyond ±180 after panning around the globe. */
export const wrapLongitude = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
