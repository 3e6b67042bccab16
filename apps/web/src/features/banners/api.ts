import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBannerItem, TPaged } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { tabQuery, type TBannerTab } from '@/features/banners/bannerTabs';

export type TBannerListQuery = {
  page: number;
  size: number;
  search?: string;
  active?: 'true' | 'false';
  merchant?: number;
  category?: string;
};

export const bannerKeys = createQueryKeys('banners');

/** Banners and fullscreens at /ads/banners/ (SPEC.md section 7); create and edit send multipart forms. */
export const bannerHooks = createDomainHooks<TBannerItem, TBannerListQuery, FormData, FormData>({
  keys: bannerKeys,
  path: '/ads/banners/',
  isRowTheDetail: true,
});

export const useBanner = bannerHooks.useGet;
export const useCreateBanner = bannerHooks.useCreate;
export const useUpdateBanner = bannerHooks.useUpdateOne;

/**
 * One tab's page: the tab says the type and whether the archive. `hiddenId` is the item just edited, which leaves
 * the list it was in (SPEC.md section 4) until the list is visited again.
 */
export const useBannerTabList = (tab: TBannerTab, query: TBannerListQuery, hiddenId: number | null) => {
  const full = { ...query, ...tabQuery(tab) };
  return useQuery({
    queryKey: bannerKeys.list(full),
    queryFn: ({ signal }) => api.get<TPaged<TBannerItem>>('/ads/banners/', { query: full as TQuery, signal }),
    placeholderData: keepPreviousData,
    select: (page: TPaged<TBannerItem>) => {
      if (hiddenId === null || !page.items.some((item) => item.id === hiddenId)) {
        return page;
      }
      return { ...page, items: page.items.filter((item) => item.id !== hiddenId), total: page.total - 1 };
    },
  });
};
