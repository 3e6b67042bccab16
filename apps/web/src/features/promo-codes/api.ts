import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROMO_CODE_STATES, type TPaged } from '@zaryad/contracts';
import type { TPromoCode, TPromoCodeRedeemBody, TPromoCodeRedemption } from '@zaryad/contracts/promo-codes';
import type { TPromotion } from '@zaryad/contracts/promotions';
import { idParam, LIST_DEBOUNCE_MS, oneOf } from '@/components/data-table/listParams';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

export const PROMO_CODES_PATH = '/promo-codes/';

/** `/list-of-promotional-codes`' URL filters, by the contract's names (ZPromoCodeListQuery). */
export const PROMO_CODE_FILTERS = { promotion: idParam, state: oneOf(PROMO_CODE_STATES) };

export const promoCodeKeys = queryKeys.promoCodes;

/** One page of codes, newest first; paging and filtering keep the previous rows until the next page arrives. */
export const usePromoCodes = (query: TQuery) =>
  useQuery({
    queryKey: promoCodeKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TPromoCode>>(PROMO_CODES_PATH, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Deactivates codes, then refreshes the lists. */
export const useDeactivateCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<TPromoCode[]>(`${PROMO_CODES_PATH}deactivate/`, { ids }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists() });
    },
  });
};

/**
 * Redeems a code for a driver (the call the drivers' app will make); the codes' lists are read again, since their use
 * counts moved.
 */
export const useRedeemCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPromoCodeRedeemBody) => api.post<TPromoCodeRedemption>(`${PROMO_CODES_PATH}redeem/`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists() });
    },
  });
};

/** The promotion filter's options, searched on the server (the first 50 matches), debounced like the list. */
export const usePromotionChoices = (search: string) => {
  const query = useDebouncedValue(search.trim(), LIST_DEBOUNCE_MS);
  return useQuery({
    queryKey: queryKeys.promotions.forCodes(query),
    queryFn: ({ signal }) =>
      api.get<TPaged<TPromotion>>('/ads/promotions/', {
        query: { page: 1, size: 50, search: query || undefined } as TQuery,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};
