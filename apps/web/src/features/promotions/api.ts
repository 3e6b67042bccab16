import type { TPromotionValidity } from '@zaryad/contracts';
import type { TPromotion } from '@zaryad/contracts/promotions';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { useTabList } from '@/components/tabbed-list/useTabList';

export type TPromotionListQuery = {
  page: number;
  size: number;
  search?: string;
  active?: 'true' | 'false';
  merchant?: number;
  initiator?: string;
};

export const promotionKeys = queryKeys.promotions;

/** Promotions at /ads/promotions/ (docs/product/promotions.md#7-calls); create and edit send multipart forms. */
export const promotionHooks = createDomainHooks<TPromotion, TPromotionListQuery, FormData, FormData>({
  keys: promotionKeys,
  path: '/ads/promotions/',
  isRowTheDetail: true,
});

export const usePromotion = promotionHooks.useGet;
export const useCreatePromotion = promotionHooks.useCreate;
export const useUpdatePromotion = promotionHooks.useUpdateOne;

/** One validity tab's page; `hiddenId` is the promotion just edited. */
export const usePromotionTabList = (
  validity: TPromotionValidity,
  query: TPromotionListQuery,
  hiddenId: number | null,
) => useTabList<TPromotion>({ keys: promotionKeys, path: '/ads/promotions/', query: { ...query, validity }, hiddenId });
