import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAppMap, TAppStation, TAppStationPage } from '@zaryad/contracts/app-catalogue';
import type { TStationFilters } from '@/features/stations/filters';
import type { TPoint } from '@/features/stations/useDriverPosition';
import { api } from '@/lib/api';

export type { TAppMap, TAppStation, TAppStationItem, TAppStationPage } from '@zaryad/contracts/app-catalogue';

/** Kilometres around the driver: a city and its suburbs. */
export const STATIONS_RADIUS_KM = 50;
/** The API's largest page: the map shows every station of it. */
export const STATIONS_PAGE_SIZE = 100;

/** Connectors free now are asked again this often while a screen shows them. */
const LIVE_REFRESH_MS = 30_000;

/** Three decimals (about 100 m): a phone's jitter does not ask the list again. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** What GET /stations/ is asked for these filters near this point. */
export const stationListQuery = (point: TPoint, filters: TStationFilters) => ({
  lat: rounded(point.lat),
  lon: rounded(point.lon),
  radius: STATIONS_RADIUS_KM,
  size: STATIONS_PAGE_SIZE,
  search: filters.search || undefined,
  connector_type: filters.types.length > 0 ? filters.types.join(',') : undefined,
  min_power: filters.minPower ?? undefined,
  available: filters.availableNow ? true : undefined,
});

export const stationKeys = {
  all: ['stations'] as const,
  list: (query: ReturnType<typeof stationListQuery>) => [...stationKeys.all, 'list', query] as const,
  detail: (id: string) => [...stationKeys.all, 'detail', id] as const,
  map: () => [...stationKeys.all, 'map'] as const,
};

/** The stations near a point; the last answer stays on screen while a new filter loads. */
export const useStations = (point: TPoint | null, filters: TStationFilters) => {
  const query = point ? stationListQuery(point, filters) : null;
  return useQuery({
    queryKey: query ? stationKeys.list(query) : [...stationKeys.all, 'list', 'waiting'],
    queryFn: ({ signal }) => api.get<TAppStationPage>('/stations/', { query: query ?? undefined, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
};

export const useStation = (id: string) =>
  useQuery({
    queryKey: stationKeys.detail(id),
    queryFn: ({ signal }) => api.get<TAppStation>(`/stations/${encodeURIComponent(id)}/`, { signal }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** The map's settings change with the server's configuration only: kept for the app's life. */
export const useMapSettings = () =>
  useQuery({
    queryKey: stationKeys.map(),
    queryFn: ({ signal }) => api.get<TAppMap>('/map/', { signal }),
    staleTime: Infinity,
  });
