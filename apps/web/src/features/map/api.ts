import { useQuery } from '@tanstack/react-query';
import type { TGeoAddress, TGeoConfig, TGeoPlace } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

/** Query keys of the map: addresses and searches depend on the interface language the server answers in. */
export const geoKeys = queryKeys.geo;

/** Tile URL and the point the map opens on; it only changes with a server restart. */
export const useGeoConfig = () =>
  useQuery({
    queryKey: geoKeys.config(),
    queryFn: ({ signal }) => api.get<TGeoConfig>('/geo/config/', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const fetchAddress = (latitude: number, longitude: number, signal?: AbortSignal) =>
  api.get<TGeoAddress>('/geo/reverse/', { query: { lat: latitude, lon: longitude }, signal });

export const fetchPlaces = (query: string, signal?: AbortSignal) =>
  api.get<TGeoPlace[]>('/geo/search/', { query: { q: query }, signal });
