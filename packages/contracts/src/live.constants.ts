/**
 * A station's state on the board, one each, by precedence offline > faulted > charging > available (docs/product/live.md):
 * offline: no charge point ever connected, or not online as modules/ocpp derives it (connected and heard within three
 * heartbeat intervals); faulted: a connector (or the whole station, connector 0) reports Faulted or Unavailable;
 * charging: a connector reports Charging, SuspendedEV or SuspendedEVSE; available: online otherwise.
 */
export const LIVE_STATION_STATES = ['charging', 'available', 'offline', 'faulted'] as const;
export type TLiveStationState = (typeof LIVE_STATION_STATES)[number];
