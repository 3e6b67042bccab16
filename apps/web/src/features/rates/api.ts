import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDefaultRateFee,
  TRate,
  TRateCreateBody,
  TRateListQuery,
  TRateStatusList,
  TRateUpdateBody,
  TRateVersion,
  TRateVersionBody,
} from '@zaryad/contracts';
import { lookupKeys } from '@/features/lookups';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const rateKeys = queryKeys.rates;

/**
 * What a rate's write may change besides the rates: the default fees panel and the connector types' fee_default (a
 * default tariff's fee), the rate's versions (a price change is a new version) and the connectors' tariffs in force
 * on the station pages.
 */
const RELATED = [
  rateKeys.defaultFees(),
  rateKeys.allVersions(),
  lookupKeys.connectorTypes(),
  queryKeys.stations.connectorPrices(),
];

/**
 * Tariffs. `PATCH /payments/` takes a list of {id, active}, unlike the other `statuses/`.
 */
export const rateHooks = createDomainHooks<TRate, TRateListQuery, TRateCreateBody, TRateUpdateBody>({
  keys: rateKeys,
  path: '/payments/',
  related: RELATED,
  statuses: {
    path: '/payments/',
    toBody: ({ ids, active }): TRateStatusList => ids.map((id) => ({ id, active })),
  },
  isRowTheDetail: true,
});

export const useRates = rateHooks.useList;
export const useRate = rateHooks.useGet;
export const useCreateRate = rateHooks.useCreate;
export const useUpdateRate = rateHooks.useUpdateOne;
export const useDeleteRate = rateHooks.useDelete;
export const useSetRatesStatus = rateHooks.useSetStatuses;

export const useDefaultRateFees = () =>
  useQuery({
    queryKey: rateKeys.defaultFees(),
    queryFn: ({ signal }) => api.get<TDefaultRateFee[]>('/payments/default-rates-fee/', { signal }),
  });

/** GET /payments/{id}/versions/: the rate's prices, newest first (docs/product/rates.md, Tariffs II). */
export const useRateVersions = (id: number) =>
  useQuery({
    queryKey: rateKeys.versions(id),
    queryFn: ({ signal }) => api.get<TRateVersion[]>(`/payments/${id}/versions/`, { signal }),
  });

/**
 * POST /payments/{id}/versions/: a new price from a moment on, for an active rate too. The rate's `version` and
 * `next_version` change with it, and so may what it costs everywhere it applies.
 */
export const useCreateRateVersion = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRateVersionBody) => api.post<TRateVersion>(`/payments/${id}/versions/`, body),
    onSuccess: () =>
      Promise.all(
        [rateKeys.detail(id), rateKeys.lists(), ...RELATED].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
