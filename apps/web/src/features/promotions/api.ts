import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TPromotionValidity } from '@zaryad/contracts';
import type { TPromotion } from '@zaryad/contracts/promotions';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

export type TPromotionListQuery = {
  page: number;
  size: number;
  search?: string;
  active?: 'true' | 'false';
  merchant?: number;
  initiator?: string;
};

export const promotionKeys = createQueryKeys('promotions');

/** Promotions at /ads/promotions/ (SPEC.md section 7); create and edit send multipart forms. */
export const promotionHooks = createDomainHooks<TPromotion, TPromotionListQuery, FormData, FormData>({
  keys: promotionKeys,
  path: '/ads/promotions/',
  isRowTheDetail: true,
});

export const usePromotion = promotionHooks.useGet;
export const useCreatePromotion = promotionHooks.useCreate;
export const useUpdatePromotion = promotionHooks.useUpdateOne;

/**
 * One validity tab's page. `hiddenId` is the promotion just edited, which leaves the list it was in (SPEC.md section
 * 4) until the list is visited again.
 */
export const usePromotionTabList = (
  validity: TPromotionValidity,
  query: TPromotionListQuery,
  hiddenId: number | null,
) => {
  const full = { ...query, validity };
  return useQuery({
    queryKey: promotionKeys.list(full),
    queryFn: ({ signal }) => api.get<TPaged<TPromotion>>('/ads/promotions/', { query: full as TQuery, signal }),
    placeholderData: keepPreviousData,
    select: (page: TPaged<TPromotion>) => {
      if (hiddenId === null || !page.items.some((item) => item.id === hiddenId)) {
        return page;
      }
      return { ...page, items: page.items.filter((item) => item.id !== hiddenId), total: page.total - 1 };
    },
  });
};
