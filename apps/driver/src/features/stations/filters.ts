/**
 * The stations screen's state in the URL (`?view=map&type=ccs2,type2&power=50&available=1&q=ала`), so that a reload
 * or a shared link shows the same stations. A bad value falls back to its default.
 */
export type TStationView = 'list' | 'map';

export type TStationFilters = {
  view: TStationView;
  /** Connector type keys: a station with any of them. */
  types: string[];
  /** kW: a connector at least this powerful. */
  minPower: number | null;
  availableNow: boolean;
  search: string;
};

/** The minimum powers offered, kW: home AC, fast AC, and the DC steps. */
export const POWER_STEPS = [7, 22, 50, 100, 150] as const;

const TYPE_KEY = /^[A-Za-z0-9_-]{1,32}$/;

export const parseStationFilters = (params: URLSearchParams): TStationFilters => {
  const power = Number(params.get('power'));
  return {
    view: params.get('view') === 'map' ? 'map' : 'list',
    types: [...new Set((params.get('type') ?? '').split(',').filter((key) => TYPE_KEY.test(key)))],
    minPower: (POWER_STEPS as readonly number[]).includes(power) ? power : null,
    availableNow: params.get('available') === '1',
    search: (params.get('q') ?? '').slice(0, 100),
  };
};

/** The URL's query for these filters; defaults are left out. */
export const stationFiltersQuery = (filters: TStationFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.view === 'map') {
    params.set('view', 'map');
  }
  if (filters.types.length > 0) {
    params.set('type', filters.types.join(','));
  }
  if (filters.minPower !== null) {
    params.set('power', String(filters.minPower));
  }
  if (filters.availableNow) {
    params.set('available', '1');
  }
  if (filters.search.trim() !== '') {
    params.set('q', filters.search.trim());
  }
  return params;
};

/** How many filters narrow the list (the view and search are not filters). */
export const activeFilterCount = (filters: TStationFilters) =>
  filters.types.length + (filters.minPower === null ? 0 : 1) + (filters.availableNow ? 1 : 0);
