import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PICKER_PAGE_SIZE, type TPaged, type TRate, type TSurrounding, type TTag } from '@zaryad/contracts';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

export type TPickerKind = 'tags' | 'infrastructure';
export type TPickerOption = TTag & { icon_path?: string | null };

const PATHS: Record<TPickerKind, string> = { tags: '/common/tags/', infrastructure: '/common/surroundings/' };

export const pickerKeys = queryKeys.pickers;

/** Active tags or infrastructure items to pick from: one page of 100 (docs/product/stations.md sections 2 and 9), searchable. */
export const usePickerOptions = (kind: TPickerKind, search: string, enabled: boolean) =>
  useQuery({
    queryKey: pickerKeys.options(kind, search),
    queryFn: ({ signal }) =>
      api.get<TPaged<TTag | TSurrounding>>(PATHS[kind], {
        query: { page: 1, size: PICKER_PAGE_SIZE, search, active: 'true' },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A station as the station pickers list it (`GET /stations/for-transaction/`, `/for-promotion/`). */
export type TStationOption = { id: number; name: string; merchant: number };

/** How many stations one scroll loads: enough to overflow the dropdown, so that scrolling asks for more. */
export const STATION_PAGE_SIZE = 20;

/**
 * The stations to pick from, page after page as the list is scrolled (`fetchNextPage`), searchable; nothing is
 * asked until the picker opens.
 */
export const useStationOptions = (path: string, search: string, enabled: boolean, merchant?: number) =>
  useInfiniteQuery({
    queryKey: pickerKeys.stations(path, search, merchant),
    queryFn: ({ pageParam, signal }) =>
      api.get<TPaged<TStationOption>>(path, {
        query: {
          page: pageParam,
          size: STATION_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(merchant ? { merchant } : {}),
        } satisfies TQuery,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    enabled,
  });

/** A merchant as the merchant picker lists it (`GET /merchants/for-promotion/`: active merchants, by name). */
export type TMerchantOption = { id: number; name: string };

/** Merchants to pick from, page after page as the list is scrolled, searchable; nothing is asked until it opens. */
export const useMerchantOptions = (search: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: pickerKeys.merchants(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<TPaged<TMerchantOption>>('/merchants/for-promotion/', {
        query: { page: pageParam, size: STATION_PAGE_SIZE, ...(search ? { search } : {}) } satisfies TQuery,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    enabled,
  });

/** A connector type's personal rates (tariffs II), any status: a connector's personal rate prices while it is active. */
export const usePersonalRateOptions = (typo: string | undefined) =>
  useQuery({
    queryKey: pickerKeys.personalRates(typo ?? ''),
    queryFn: ({ signal }) =>
      api.get<TPaged<TRate>>('/payments/', {
        query: { page: 1, size: PICKER_PAGE_SIZE, default: 'false', typo: typo ?? '' },
        signal,
      }),
    enabled: typo !== undefined,
  });
