import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RESET_TYPES,
  TPricePreview,
  TStation,
  TStationConnectorsBody,
  ZStationResetResult,
} from '@zaryad/contracts';
import type { z } from 'zod';
import { merchantKeys } from '@/features/merchants';
import { api } from '@/lib/apiClient';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

/** Query keys of single stations; the merchant's station table lives under merchantKeys.stations. */
export const stationKeys = queryKeys.stations;

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** GET /stations/update/{id}/: the edit form starts from what is stored now, never from a cached copy. */
export const useStationForUpdate = (id: number) =>
  useQuery({
    queryKey: stationKeys.forUpdate(id),
    queryFn: ({ signal }) => api.get<TStation>(`/stations/update/${id}/`, { signal }),
    enabled: isId(id),
    staleTime: 0,
    gcTime: 0,
  });

/** A saved station changes its merchant's table and counts, and its own detail. */
const useInvalidateStation = () => {
  const queryClient = useQueryClient();
  return (station: TStation) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stationKeys.detail(station.id) }),
      queryClient.invalidateQueries({ queryKey: merchantKeys.stations(station.merchant) }),
      queryClient.invalidateQueries({ queryKey: merchantKeys.detail(station.merchant) }),
      queryClient.invalidateQueries({ queryKey: merchantKeys.lists() }),
    ]);
};

/** POST /stations/ (multipart, docs/product/stations.md#7-calls). */
export const useCreateStation = () => {
  const invalidate = useInvalidateStation();
  return useMutation({
    mutationFn: (form: FormData) => api.post<TStation>('/stations/', form),
    onSuccess: invalidate,
  });
};

export type TStationEdit = {
  /** The changed fields (multipart), or null when only connectors changed. */
  fields: FormData | null;
  /** The connectors call, or null when no connector changed, was added or was deleted. */
  connectors: TStationConnectorsBody | null;
};

/**
 * PATCH /stations/update/{id}/ then, only when needed, PATCH /stations/update/{id}/connectors/. The fields go
 * first: a refused field stops the save before the connectors change.
 */
export const useUpdateStation = (id: number) => {
  const invalidate = useInvalidateStation();
  return useMutation({
    mutationFn: async ({ fields, connectors }: TStationEdit) => {
      let station: TStation | null = null;
      if (fields) {
        station = await api.patch<TStation>(`/stations/update/${id}/`, fields);
      }
      if (connectors) {
        station = await api.patch<TStation>(`/stations/update/${id}/connectors/`, connectors);
      }
      return station;
    },
    onSuccess: (station) => (station ? invalidate(station) : undefined),
  });
};

/** GET /stations/{id}/: the station info page. */
export const useStation = (id: number) =>
  useQuery({
    queryKey: stationKeys.detail(id),
    queryFn: ({ signal }) => api.get<TStation>(`/stations/${id}/`, { signal }),
    enabled: isId(id),
  });

export type TStationResetType = (typeof RESET_TYPES)[number];
export type TStationResetResult = z.infer<typeof ZStationResetResult>;

/**
 * POST /stations/reset/{identity}/: the answer says truthfully whether the request reached the charge point; the
 * station's command log records it, and the charge point panel reads that log again.
 */
export const useResetStation = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identity, type }: { identity: string; type: TStationResetType }) =>
      api.post<TStationResetResult>(`/stations/reset/${encodeURIComponent(identity)}/`, { reset_type: type }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ocpp.stationCommands(stationId) }),
  });
};

/**
 * GET /stations/connectors/{id}/price/: a connector's tariff in force now (its source, its prices with the periods of
 * this moment applied) and over the next 24 hours. Asked per connector, once `isEnabled`; kept a minute, since the
 * price of "now" moves with the periods' times. Any rate change invalidates every connector's (features/rates).
 */
export const useConnectorPrice = (connectorId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: stationKeys.connectorPrice(connectorId),
    queryFn: ({ signal }) => api.get<TPricePreview>(`/stations/connectors/${connectorId}/price/`, { signal }),
    enabled: isEnabled && isId(connectorId),
    staleTime: 60_000,
  });
