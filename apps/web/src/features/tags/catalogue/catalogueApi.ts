import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBulkStatusBody, TCatalogueListQuery, TPaged } from '@zaryad/contracts';
import type { TStatusRecord } from '@/components';
import { withDeleteRefusal } from '@/features/tags/catalogue/deleteRefusal';
import { api } from '@/lib/apiClient';
import type { TQuery } from '@/lib/api';

/** Query keys of one catalogue domain, from the widest to the narrowest, so invalidation can pick its scope. */
export const catalogueKeys = <TDomain extends string>(domain: TDomain) => {
  const all = [domain] as const;
  const lists = () => [...all, 'list'] as const;
  return { all, lists, list: (query: TCatalogueListQuery) => [...lists(), query] as const };
};

export type TCatalogueKeys = ReturnType<typeof catalogueKeys>;

/**
 * The calls tags and infrastructure share (SPEC.md section 7, Common): a paged list, create, edit, delete and
 * bulk statuses under one path. Bodies differ (JSON for tags, multipart for icons), hence the type parameters.
 */
export const createCatalogueHooks = <TRecord extends TStatusRecord, TCreate, TUpdate>(
  path: string,
  keys: TCatalogueKeys,
) => {
  const useInvalidateLists = () => {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: keys.lists() });
  };

  return {
    useList: (query: TCatalogueListQuery) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => api.get<TPaged<TRecord>>(path, { query: query as TQuery, signal }),
        // Paging and filtering keep the previous rows on screen until the next page arrives.
        placeholderData: keepPreviousData,
      }),

    useCreate: () => {
      const invalidateLists = useInvalidateLists();
      return useMutation({
        mutationFn: (body: TCreate) => api.post<TRecord>(path, body),
        onSuccess: invalidateLists,
      });
    },

    useUpdate: () => {
      const invalidateLists = useInvalidateLists();
      return useMutation({
        mutationFn: ({ id, body }: { id: number; body: TUpdate }) => api.patch<TRecord>(`${path}${id}/`, body),
        onSuccess: invalidateLists,
      });
    },

    useDelete: () => {
      const invalidateLists = useInvalidateLists();
      return useMutation({
        mutationFn: withDeleteRefusal((id: number) => api.delete<undefined>(`${path}${id}/`)),
        onSuccess: invalidateLists,
      });
    },

    /** Answers the updated records; the caller merges them into the page on screen (mergeIntoPage from the kit). */
    useSetStatuses: () =>
      useMutation({
        mutationFn: (body: TBulkStatusBody) => api.patch<TRecord[]>(`${path}statuses/`, body),
      }),
  };
};

export type TCatalogueHooks<TRecord extends TStatusRecord, TCreate, TUpdate> = ReturnType<
  typeof createCatalogueHooks<TRecord, TCreate, TUpdate>
>;
