import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type { TAppBannerList, TAppFullscreenList, TAppNewsPage, TAppPromotionList } from '@zaryad/contracts/app-catalogue';
import { api } from '@/lib/api';

export type TFullscreen = TAppFullscreenList['items'][number];
export type TBanner = TAppBannerList['items'][number];
export type TPromotion = TAppPromotionList['items'][number];
export type TNewsItem = TAppNewsPage['items'][number];
export type TFullscreenCategory = TAppFullscreenList['category'];

/** The server keeps its content a minute (`Cache-Control: private, max-age=60`): so does the app. */
const CONTENT_STALE_MS = 60_000;

export const contentKeys = {
  fullscreens: (category: TFullscreenCategory) => ['content', 'fullscreens', category] as const,
  banners: ['content', 'banners'] as const,
  promotions: ['content', 'promotions'] as const,
  news: ['content', 'news'] as const,
};

/** A screen's fullscreens, asked once while the app is open: one appearing later waits for the next opening. */
export const useFullscreens = (category: TFullscreenCategory) =>
  useQuery({
    queryKey: contentKeys.fullscreens(category),
    queryFn: ({ signal }) => api.get<TAppFullscreenList>('/content/fullscreens/', { query: { category }, signal }),
    staleTime: Infinity,
  });

export const useBanners = () =>
  useQuery({
    queryKey: contentKeys.banners,
    queryFn: ({ signal }) => api.get<TAppBannerList>('/content/banners/', { signal }),
    staleTime: CONTENT_STALE_MS,
  });

export const usePromotions = () =>
  useQuery({
    queryKey: contentKeys.promotions,
    queryFn: ({ signal }) => api.get<TAppPromotionList>('/content/promotions/', { signal }),
    staleTime: CONTENT_STALE_MS,
  });

const NEWS_PAGE_SIZE = 10;

export const useNews = () =>
  useInfiniteQuery({
    queryKey: contentKeys.news,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<TPaged<TNewsItem>>('/content/news/', { query: { page: pageParam, size: NEWS_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: CONTENT_STALE_MS,
  });

/**
 * A link the operators set, made safe to follow: web addresses and the app's own paths only (never `javascript:`),
 * null for anything else or nothing.
 */
export const safeLink = (link: string): string | null => {
  const text = link.trim();
  if (text.startsWith('/') && !text.startsWith('//')) {
    return text;
  }
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** A link leaves the app in a new tab, unless it is one of the server's own pages. */
export const linkTarget = (href: string) =>
  href.startsWith('/') ? {} : ({ target: '_blank', rel: 'noopener noreferrer' } as const);
