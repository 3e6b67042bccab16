import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDefaultRateFee,
  TPaged,
  TRate,
  TRateCreateBody,
  TRateListQuery,
  TRateStatusList,
  TRateUpdateBody,
} from '@zaryad/contracts';
import { lookupKeys } from '@/features/lookups';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { ApiError } from '@/lib/apiError';

/** Query keys of the tariffs, from the widest to the narrowest, so invalidation can pick its scope. */
export const rateKeys = {
  all: ['rates'] as const,
  lists: () => [...rateKeys.all, 'list'] as const,
  list: (query: TRateListQuery) => [...rateKeys.lists(), query] as const,
  details: () => [...rateKeys.all, 'detail'] as const,
  detail: (id: number) => [...rateKeys.details(), id] as const,
  defaultFees: () => [...rateKeys.all, 'default-fees'] as const,
};

export const useRates = (query: TRateListQuery) =>
  useQuery({
    queryKey: rateKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TRate>>('/payments/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

export const useRate = (id: number) =>
  useQuery({
    queryKey: rateKeys.detail(id),
    queryFn: ({ signal }) => api.get<TRate>(`/payments/${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useDefaultRateFees = () =>
  useQuery({
    queryKey: rateKeys.defaultFees(),
    queryFn: ({ signal }) => api.get<TDefaultRateFee[]>('/payments/default-rates-fee/', { signal }),
  });

/** What a default tariff's fee feeds: the panel and the connector types' fee_default. */
const useInvalidateRates = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rateKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: rateKeys.defaultFees() }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.connectorTypes() }),
    ]);
};

export const useCreateRate = () => {
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: (body: TRateCreateBody) => api.post<TRate>('/payments/', body),
    onSuccess: () => invalidate(),
  });
};

export const useUpdateRate = (id: number) => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: (body: TRateUpdateBody) => api.patch<TRate>(`/payments/${id}/`, body),
    onSuccess: (rate) => {
      queryClient.setQueryData(rateKeys.detail(rate.id), rate);
      return invalidate();
    },
  });
};

/**
 * The server refuses to delete an active tariff with a JSON array of messages; SPEC.md section 8 shows them
 * joined, as an Error so that ConfirmDelete displays it.
 */
export const deleteRefusal = (error: unknown): unknown =>
  error instanceof ApiError && Array.isArray(error.body) && error.body.every((text) => typeof text === 'string')
    ? new Error(error.body.join(' '))
    : error;

export const useDeleteRate = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await api.delete<undefined>(`/payments/${id}/`);
      } catch (error) {
        throw deleteRefusal(error);
      }
    },
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: rateKeys.detail(id) });
      return invalidate();
    },
  });
};

/** `PATCH /payments/` takes a list of {id, active}, unlike the other domains' `statuses/` calls. */
export const useSetRatesStatus = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: (body: TRateStatusList) => api.patch<TRate[]>('/payments/', body),
    onSuccess: (rates) => {
      for (const rate of rates) {
        queryClient.setQueryData(rateKeys.detail(rate.id), rate);
      }
      return invalidate();
    },
  });
};
