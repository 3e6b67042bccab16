import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBulkStatusBody,
  TMerchant,
  TMerchantCreateBody,
  TMerchantForUpdate,
  TMerchantListQuery,
  TMerchantReport,
  TMerchantRow,
  TMerchantUpdateBody,
  TPaged,
  TStationRow,
} from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import type { TQuery } from '@/lib/api';

export type TStationsQuery = { merchant: number; page: number; size: number };
export type TReportPeriod = { period__from: string; period__to: string };

/** Query keys of merchants and their stations, from the widest to the narrowest. */
export const merchantKeys = {
  all: ['merchants'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (query: TMerchantListQuery) => [...merchantKeys.lists(), query] as const,
  details: () => [...merchantKeys.all, 'detail'] as const,
  detail: (id: number) => [...merchantKeys.details(), id] as const,
  forUpdate: (id: number) => [...merchantKeys.all, 'for-update', id] as const,
  report: (id: number, period: TReportPeriod) => [...merchantKeys.all, 'report', id, period] as const,
  stations: (merchant: number) => [...merchantKeys.all, 'stations', merchant] as const,
  stationPage: (query: TStationsQuery) => [...merchantKeys.stations(query.merchant), query] as const,
};

const isId = (id: number) => Number.isInteger(id) && id > 0;

export const useMerchants = (query: TMerchantListQuery) =>
  useQuery({
    queryKey: merchantKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TMerchantRow>>('/merchants/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

export const useMerchant = (id: number) =>
  useQuery({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) => api.get<TMerchant>(`/merchants/${id}/`, { signal }),
    enabled: isId(id),
  });

export const useMerchantForUpdate = (id: number) =>
  useQuery({
    queryKey: merchantKeys.forUpdate(id),
    queryFn: ({ signal }) => api.get<TMerchantForUpdate>(`/merchants/for-update/${id}/`, { signal }),
    enabled: isId(id),
    // The form must start from what is stored now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

export const useCreateMerchant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantCreateBody) => api.post<TMerchant>('/merchants/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.lists() }),
  });
};

export const useUpdateMerchant = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantUpdateBody) => api.patch<TMerchant>(`/merchants/${id}/`, body),
    onSuccess: (merchant) => {
      queryClient.setQueryData(merchantKeys.detail(merchant.id), merchant);
      return queryClient.invalidateQueries({ queryKey: merchantKeys.lists() });
    },
  });
};

export const useSetMerchantsStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusBody) => api.patch<TMerchantRow[]>('/merchants/statuses/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.details() }),
  });
};

/** A merchant's stations, one page (SPEC.md section 7: GET /stations/ with the merchant and paging). */
export const useMerchantStations = (query: TStationsQuery) =>
  useQuery({
    queryKey: merchantKeys.stationPage(query),
    queryFn: ({ signal }) => api.get<TPaged<TStationRow>>('/stations/', { query, signal }),
    enabled: isId(query.merchant),
    placeholderData: keepPreviousData,
  });

/** Station counts on the merchant change with its stations. */
const invalidateMerchant = (queryClient: ReturnType<typeof useQueryClient>, merchant: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchant) }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.lists() }),
  ]);

export const useDeleteStation = (merchant: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: number) => api.delete<unknown>(`/stations/${stationId}/`),
    onSuccess: () => invalidateMerchant(queryClient, merchant),
  });
};

export const useSetStationsStatus = (merchant: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusBody) => api.patch<TStationRow[]>('/stations/statuses/', body),
    onSuccess: () => invalidateMerchant(queryClient, merchant),
  });
};

export const useMerchantReport = (id: number, period: TReportPeriod | null) =>
  useQuery({
    queryKey: merchantKeys.report(id, period ?? { period__from: '', period__to: '' }),
    queryFn: ({ signal }) =>
      api.get<TMerchantReport>(`/merchants/${id}/report/`, { query: period ?? undefined, signal }),
    enabled: isId(id) && period !== null,
  });
