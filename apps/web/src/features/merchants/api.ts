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
import { createDomainHooks, mergeIntoLists } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { withDeleteRefusal } from '@/components/feedback/deleteRefusal';
import { api } from '@/lib/apiClient';

export type TStationsQuery = { merchant: number; page: number; size: number };
export type TReportPeriod = { period__from: string; period__to: string };

/** Query keys of merchants and their stations, from the widest to the narrowest. */
export const merchantKeys = queryKeys.merchants;

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** A merchant row carries less than the merchant (counts, not the stations): the bulk answer only stales details. */
export const merchantHooks = createDomainHooks<
  TMerchantRow,
  TMerchantListQuery,
  TMerchantCreateBody,
  TMerchantUpdateBody,
  TMerchant
>({ keys: merchantKeys, path: '/merchants/' });

export const useMerchants = merchantHooks.useList;
export const useMerchant = merchantHooks.useGet;
export const useCreateMerchant = merchantHooks.useCreate;
export const useUpdateMerchant = merchantHooks.useUpdateOne;
export const useSetMerchantsStatus = merchantHooks.useSetStatuses;

export const useMerchantForUpdate = (id: number) =>
  useQuery({
    queryKey: merchantKeys.forUpdate(id),
    queryFn: ({ signal }) => api.get<TMerchantForUpdate>(`/merchants/for-update/${id}/`, { signal }),
    enabled: isId(id),
    // The form must start from what is stored now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

/** A merchant's stations, one page (docs/product/merchants.md#7-calls: GET /stations/ with the merchant and paging). */
export const useMerchantStations = (query: TStationsQuery) =>
  useQuery({
    queryKey: merchantKeys.stationPage(query),
    queryFn: ({ signal }) => api.get<TPaged<TStationRow>>('/stations/', { query, signal }),
    enabled: isId(query.merchant),
    placeholderData: keepPreviousData,
  });

/**
 * Station counts on the merchant change with its stations, and so does the uptime card that lists them
 * (features/uptime's keys all start with 'uptime').
 */
const invalidateMerchant = (queryClient: ReturnType<typeof useQueryClient>, merchant: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchant) }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.uptime.all }),
  ]);

const deleteStation = withDeleteRefusal((stationId: number) => api.delete<undefined>(`/stations/${stationId}/`));

/**
 * docs/product/merchants.md#7-calls: after a delete the list reloads from page 1. The merchant's station pages are only marked
 * stale here: the page on screen moves to page 1 (useListPage's `afterDelete`), which fetches it.
 */
export const useDeleteStation = (merchant: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: number) => deleteStation(stationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.stations(merchant), refetchType: 'none' }),
        invalidateMerchant(queryClient, merchant),
      ]),
  });
};

/** The answer is merged into the merchant's cached station pages; its counts change with it. */
export const useSetStationsStatus = (merchant: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusBody) => api.patch<TStationRow[]>('/stations/statuses/', body),
    onSuccess: (stations) =>
      Promise.all([
        mergeIntoLists(queryClient, merchantKeys.stations(merchant), stations),
        invalidateMerchant(queryClient, merchant),
      ]),
  });
};

export const useMerchantReport = (id: number, period: TReportPeriod | null) =>
  useQuery({
    queryKey: merchantKeys.report(id, period ?? { period__from: '', period__to: '' }),
    queryFn: ({ signal }) =>
      api.get<TMerchantReport>(`/merchants/${id}/report/`, { query: period ?? undefined, signal }),
    enabled: isId(id) && period !== null,
  });
