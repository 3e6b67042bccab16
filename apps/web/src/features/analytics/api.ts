import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAnalytics,
  TAnalyticsGraph,
  TAnalyticsPeriod,
  THeatMapMetric,
  THeatMapPoint,
  TNews,
  TNewsInput,
  TTimeline,
} from '@zaryad/contracts/analytics';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

export type TDashboardQuery = { period: TAnalyticsPeriod; date?: string; merchant?: number };
export type THeatMapQuery = {
  period__from?: string;
  period__to?: string;
  metric: THeatMapMetric;
  merchant?: number;
  connector_type?: string;
};

export const analyticsKeys = queryKeys.analytics;

/** GET /analytics/: the period's figures beside the previous period's. */
export const useAnalytics = (query: TDashboardQuery) =>
  useQuery({
    queryKey: analyticsKeys.summary(query),
    queryFn: ({ signal }) => api.get<TAnalytics>('/analytics/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /analytics/graph/: the period's series, weekdays, hours and the weekday × hour grid. */
export const useAnalyticsGraph = (query: TDashboardQuery) =>
  useQuery({
    queryKey: analyticsKeys.graph(query),
    queryFn: ({ signal }) => api.get<TAnalyticsGraph>('/analytics/graph/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /analytics/timeline/, page after page by its `before` cursor. */
export const useTimeline = () =>
  useInfiniteQuery({
    queryKey: analyticsKeys.timeline(),
    queryFn: ({ pageParam, signal }) =>
      api.get<TTimeline>('/analytics/timeline/', { query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Posting, editing or deleting news changes the timeline only. */
export const useSaveNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TNewsInput }) =>
      id === null ? api.post<TNews>('/analytics/news/', body) : api.patch<TNews>(`/analytics/news/${id}/`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.timeline() }),
  });
};

export const useDeleteNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/analytics/news/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.timeline() }),
  });
};

/** GET /stations/heat-map/. */
export const useHeatMap = (query: THeatMapQuery) =>
  useQuery({
    queryKey: analyticsKeys.heatMap(query),
    queryFn: ({ signal }) => api.get<THeatMapPoint[]>('/stations/heat-map/', { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });
