import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type {
  TReferral,
  TReferralListQuery,
  TReferralSettings,
  TReferralSettingsUpdateBody,
} from '@zaryad/contracts/referrals';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

/** docs/product/promotions.md#7-calls puts promotions and banners under /ads/; referrals sit beside them. */
export const REFERRALS_PATH = '/ads/referrals/';
export const REFERRAL_SETTINGS_PATH = '/settings/referrals/';

export const referralKeys = queryKeys.referrals;

/** One page of referrals, newest first; paging and filtering keep the previous rows until the next page arrives. */
export const useReferrals = (query: TReferralListQuery, enabled = true) =>
  useQuery({
    queryKey: referralKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TReferral>>(REFERRALS_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The network's referral bonuses. */
export const useReferralSettings = () =>
  useQuery({
    queryKey: referralKeys.settings(),
    queryFn: ({ signal }) => api.get<TReferralSettings>(REFERRAL_SETTINGS_PATH, { signal }),
  });

/** Saves the bonuses; the answer is what the server keeps, put into the cache at once. */
export const useUpdateReferralSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReferralSettingsUpdateBody) => api.patch<TReferralSettings>(REFERRAL_SETTINGS_PATH, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(referralKeys.settings(), saved);
    },
  });
};
