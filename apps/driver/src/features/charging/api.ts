import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppCharge, TAppSession } from '@zaryad/contracts/app';
import type { TAppStation } from '@zaryad/contracts/app-catalogue';
import { api } from '@/lib/api';

/** The charging screens' calls (docs/product/app-api.md#6-charging), one key factory for their cache. */
export const chargingKeys = {
  session: ['charging'] as const,
  // The wallet's key (features/wallet/api.ts): one cached balance for both screens.
  balance: ['wallet', 'balance'] as const,
  // The stations feature's key of a station (features/stations/api.ts): arriving from its page, the answer is there.
  station: (id: number) => ['stations', 'detail', String(id)] as const,
  charges: ['charges'] as const,
  charge: (id: number) => ['charges', id] as const,
};

export type TAppBalance = { balance: string; held: string; available: string; min_to_start: string };
type TAppStart = { detail: string; station_id: number; connector_id: number; charge: TAppCharge | null };
type TAppStop = { detail: string; charge: TAppCharge };
type TAppChargePage = { items: TAppCharge[]; page: number; pages: number; size: number; total: number };

/** How often the screens ask again when the event stream is not there, and while a receipt is being made. */
export const POLL_MS = 3_000;
export const CHARGES_PAGE_SIZE = 20;
const STATION_REFRESH_MS = 15_000;

export const fetchSession = (signal?: AbortSignal) => api.get<TAppSession>('/charging/', { signal });

export const useStation = (stationId: number) =>
  useQuery({
    queryKey: chargingKeys.station(stationId),
    queryFn: ({ signal }) => api.get<TAppStation>(`/stations/${stationId}/`, { signal }),
    enabled: Number.isInteger(stationId) && stationId > 0,
    // The connector's status follows the cable: Preparing once it is in the car.
    refetchInterval: STATION_REFRESH_MS,
  });

export const useBalance = () =>
  useQuery({
    queryKey: chargingKeys.balance,
    queryFn: ({ signal }) => api.get<TAppBalance>('/balance/', { signal }),
  });

/** POST /charging/start/: 202 once the charge point accepted; the session then shows the start, then the charge. */
export const useStartCharge = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (connectorId: number) => api.post<TAppStart>('/charging/start/', { connector_id: connectorId }),
    onSuccess: () => client.invalidateQueries({ queryKey: chargingKeys.session }),
  });
};

/** POST /charging/{id}/stop/: the charge point is asked to stop; the receipt follows its StopTransaction. */
export const useStopCharge = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chargeId: number) => api.post<TAppStop>(`/charging/${chargeId}/stop/`),
    onSuccess: () => client.invalidateQueries({ queryKey: chargingKeys.session }),
  });
};

/** One charge: live while it runs (asked again until its receipt is there), its receipt once it ended. */
export const useCharge = (chargeId: number) =>
  useQuery({
    queryKey: chargingKeys.charge(chargeId),
    queryFn: ({ signal }) => api.get<TAppCharge>(`/charges/${chargeId}/`, { signal }),
    enabled: Number.isInteger(chargeId) && chargeId > 0,
    refetchInterval: (query) => (query.state.data?.running ? POLL_MS : false),
  });

/** The driver's charges, newest first, a page at a time. */
export const useCharges = () =>
  useInfiniteQuery({
    queryKey: chargingKeys.charges,
    queryFn: ({ pageParam, signal }) =>
      api.get<TAppChargePage>('/charges/', { query: { page: pageParam, size: CHARGES_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
