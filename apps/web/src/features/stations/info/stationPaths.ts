/** `merchant/{id}/station-info/{stationId}` (docs/product/stations.md#2-screens). */
export const stationInfoPath = (merchant: number, station: number) => `/merchant/${merchant}/station-info/${station}`;
