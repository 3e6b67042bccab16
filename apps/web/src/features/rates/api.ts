import { useQuery } from '@tanstack/react-query';
import type {
  TDefaultRateFee,
  TRate,
  TRateCreateBody,
  TRateListQuery,
  TRateStatusList,
  TRateUpdateBody,
} from '@zaryad/contracts';
import { lookupKeys } from '@/features/lookups';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const rateKeys = queryKeys.rates;

/**
 * Tariffs. A default tariff's fee feeds the default fees panel and the connector types' fee_default, so every
 * write invalidates those too. `PATCH /payments/` takes a list of {id, active}, unlike the other `statuses/`.
 */
export const rateHooks = createDomainHooks<TRate, TRateListQuery, TRateCreateBody, TRateUpdateBody>({
  keys: rateKeys,
  path: '/payments/',
  related: [rateKeys.defaultFees(), lookupKeys.connectorTypes()],
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
