import type {
  TLiveCharge,
  TLiveCounts,
  TLiveDelta,
  TLiveIncident,
  TLiveSnapshot,
  TLiveStation,
  TLiveStationState,
} from '@zaryad/contracts';

/**
 * The board in the browser: GET /live/'s snapshot, with each event of /live/events/ applied to it (docs/product/live.md).
 * Plain functions, no React: a delta replaces its stations' state and running charges, and the incidents it names.
 */
export type TLiveBoard = {
  at: string;
  counts: TLiveCounts;
  /** Tuples [id, name, merchant id, latitude, longitude, state]; a changed station's tuple is replaced. */
  stations: TLiveStation[];
  /** Station id → its index in `stations`. */
  positions: Map<number, number>;
  merchants: Map<number, string>;
  /** Running charges, newest start first. */
  charges: TLiveCharge[];
  chargesTotal: number;
  /** Open incidents, most recently seen first. */
  incidents: TLiveIncident[];
  incidentsTotal: number;
  /** Bumped whenever a station changes state: the map redraws. */
  version: number;
};

const byStartDesc = (a: TLiveCharge, b: TLiveCharge) => b.started_at.localeCompare(a.started_at) || b.id - a.id;
const bySeenDesc = (a: TLiveIncident, b: TLiveIncident) => b.last_seen_at.localeCompare(a.last_seen_at) || b.id - a.id;

export const fromSnapshot = (snapshot: TLiveSnapshot): TLiveBoard => ({
  at: snapshot.at,
  counts: { ...snapshot.counts },
  stations: snapshot.stations,
  positions: new Map(snapshot.stations.map((station, index) => [station[0], index])),
  merchants: new Map(snapshot.merchants.map((merchant) => [merchant.id, merchant.name])),
  charges: [...snapshot.charges].sort(byStartDesc),
  chargesTotal: snapshot.charges_total,
  incidents: [...snapshot.incidents].sort(bySeenDesc),
  incidentsTotal: snapshot.incidents_total,
  version: 0,
});

/** The board after one delta; the board given is left as it was (its stations' array is shared, tuples replaced). */
export const applyDelta = (board: TLiveBoard, delta: TLiveDelta): TLiveBoard => {
  const counts = { ...board.counts };
  let stations = board.stations;
  let isMoved = false;
  const changed = new Set<number>();
  const arriving: TLiveCharge[] = [];
  for (const entry of delta.stations) {
    const position = board.positions.get(entry.id);
    if (position === undefined) {
      // A station the snapshot did not list (inactive, or added since): the next snapshot brings it.
      continue;
    }
    changed.add(entry.id);
    arriving.push(...entry.charges);
    const station = stations[position];
    if (station && station[5] !== entry.state) {
      if (!isMoved) {
        stations = [...stations];
        isMoved = true;
      }
      counts[station[5]] -= 1;
      counts[entry.state] += 1;
      stations[position] = [station[0], station[1], station[2], station[3], station[4], entry.state];
    }
  }
  const kept = board.charges.filter((charge) => !changed.has(charge.station.id));
  const charges = changed.size === 0 ? board.charges : [...kept, ...arriving].sort(byStartDesc);
  const chargesTotal = Math.max(0, board.chargesTotal + charges.length - board.charges.length);
  let incidents = board.incidents;
  let incidentsTotal = board.incidentsTotal;
  if (delta.incidents.length > 0) {
    const named = new Set(delta.incidents.map((item) => item.id));
    const before = incidents.length;
    incidents = incidents.filter((incident) => !named.has(incident.id));
    const opened = delta.incidents.flatMap((item) => (item.open && item.incident ? [item.incident] : []));
    incidents = [...incidents, ...opened].sort(bySeenDesc);
    incidentsTotal = Math.max(0, incidentsTotal + incidents.length - before);
  }
  return {
    ...board,
    at: delta.at > board.at ? delta.at : board.at,
    counts,
    stations,
    charges,
    chargesTotal,
    incidents,
    incidentsTotal,
    version: isMoved ? board.version + 1 : board.version,
  };
};

/** The colour of each state on the map and its tiles (light and dark read both). */
export const STATE_COLORS: Record<TLiveStationState, string> = {
  charging: '#1677ff',
  available: '#389e0d',
  offline: '#8c8c8c',
  faulted: '#cf1322',
};

/** What the screen shows: the whole network, or one merchant's stations, their charges and their incidents. */
export type TLiveView = Pick<
  TLiveBoard,
  'counts' | 'stations' | 'charges' | 'chargesTotal' | 'incidents' | 'incidentsTotal' | 'version'
>;

export const viewOf = (board: TLiveBoard, merchantId: number | undefined): TLiveView => {
  if (merchantId === undefined) {
    return board;
  }
  const counts: TLiveCounts = { charging: 0, available: 0, offline: 0, faulted: 0 };
  const stations = board.stations.filter((station) => station[2] === merchantId);
  for (const station of stations) {
    counts[station[5]] += 1;
  }
  const isMerchants = (stationId: number) => {
    const position = board.positions.get(stationId);
    return position !== undefined && board.stations[position]?.[2] === merchantId;
  };
  const charges = board.charges.filter((charge) => isMerchants(charge.station.id));
  const incidents = board.incidents.filter((incident) => incident.station && isMerchants(incident.station.id));
  return {
    counts,
    stations,
    charges,
    chargesTotal: charges.length,
    incidents,
    incidentsTotal: incidents.length,
    version: board.version,
  };
};
