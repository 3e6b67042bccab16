import type { TBannerItem } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { useTabList } from '@/components/tabbed-list/useTabList';
import { tabQuery, type TBannerTab } from '@/features/banners/bannerTabs';

export type TBannerListQuery = {
  page: number;
  size: number;
  search?: string;
  active?: 'true' | 'false';
  merchant?: number;
  category?: string;
};

export const bannerKeys = queryKeys.banners;

/** Banners and fullscreens at /ads/banners/ (docs/product/banners.md#7-calls); create and edit send multipart forms. */
export const bannerHooks = createDomainHooks<TBannerItem, TBannerListQuery, FormData, FormData>({
  keys: bannerKeys,
  path: '/ads/banners/',
  isRowTheDetail: true,
});

export const useBanner = bannerHooks.useGet;
export const useCreateBanner = bannerHooks.useCreate;
export const useUpdateBanner = bannerHooks.useUpdateOne;

/** One tab's page: the tab says the type and whether the archive; `hiddenId` is the item just edited. */
export const useBannerTabList = (tab: TBannerTab, query: TBannerListQuery, hiddenId: number | null) =>
  useTabList<TBannerItem>({ keys: bannerKeys, path: '/ads/banners/', query: { ...query, ...tabQuery(tab) }, hiddenId });
