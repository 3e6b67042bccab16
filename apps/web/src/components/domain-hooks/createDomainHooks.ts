import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { TBulkStatusBody, TBulkStatusFilterBody, TBulkStatusUpdated, TPaged } from '@zaryad/contracts';
import { mergeIntoPage, type TStatusRecord } from '@/components/bulk-status/bulkStatus';
import type { TQueryKeys } from '@/components/domain-hooks/queryKeys';
import { withDeleteRefusal } from '@/components/feedback/deleteRefusal';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

export type TDomainHooksConfig = {
  keys: TQueryKeys;
  /** The collection's path with its trailing slash (`/accounts/`); one record is `${path}${id}/`. */
  path: string;
  /** Reads of other domains that this domain's writes change too (a default tariff feeds connector types). */
  related?: readonly QueryKey[];
  /** The bulk status call when it is not `PATCH ${path}statuses/` with `{ids, active}` (rates take a list). */
  statuses?: { path: string; toBody: (body: TBulkStatusBody) => unknown };
  /**
   * True when a list row is the whole record (accounts, rates): a bulk answer then replaces the cached details.
   * Otherwise (a merchant row carries less than the merchant) those details are only marked stale.
   */
  isRowTheDetail?: boolean;
};

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** Marks every list page and the related reads stale; the ones on screen are fetched again. */
export const invalidateLists = (queryClient: QueryClient, keys: TQueryKeys, related: readonly QueryKey[] = []) =>
  Promise.all([keys.lists(), ...related].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * docs/product/common.md#4-states-and-rules: the bulk answer is merged by id into every cached page of the list, so no page is fetched
 * again for it. The pages are still marked stale without a refetch: under a status filter a changed row no
 * longer belongs there, and the next visit asks the server.
 */
export const mergeIntoLists = <TRow extends TStatusRecord>(
  queryClient: QueryClient,
  listsKey: QueryKey,
  updated: readonly TRow[],
) => {
  queryClient.setQueriesData<TPaged<TRow>>({ queryKey: listsKey }, mergeIntoPage(updated));
  return queryClient.invalidateQueries({ queryKey: listsKey, refetchType: 'none' });
};

/**
 * One domain's data hooks (docs/design.md#7-habits): list, get, create, update, delete and bulk statuses under one
 * path, with their query keys. Each write invalidates what it changes and nothing more:
 * - create: the lists (a new row may land on any page);
 * - update: the answer becomes the cached detail, the lists are invalidated;
 * - delete: the detail is dropped, the lists are invalidated; a refusal reads as one message (docs/product/common.md#8-messages);
 * - statuses: merged into the cached pages; the changed details replaced or marked stale (`isRowTheDetail`).
 * `related` is invalidated with every write. Features export the hooks under their own names (`useMerchants`).
 */
export const createDomainHooks = <
  TRow extends TStatusRecord,
  TListQuery extends object,
  TCreate,
  TUpdate,
  TDetail = TRow,
>({
  keys,
  path,
  related = [],
  statuses,
  isRowTheDetail = false,
}: TDomainHooksConfig) => {
  const recordPath = (id: number) => `${path}${id}/`;
  const removeRecord = withDeleteRefusal((id: number) => api.delete<undefined>(recordPath(id)));

  const useUpdateMutation = <TVariables>(toCall: (variables: TVariables) => { id: number; body: TUpdate }) => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (variables: TVariables) => {
        const { id, body } = toCall(variables);
        return api.patch<TDetail>(recordPath(id), body);
      },
      onSuccess: (record, variables) => {
        queryClient.setQueryData(keys.detail(toCall(variables).id), record);
        return invalidateLists(queryClient, keys, related);
      },
    });
  };

  return {
    keys,

    /** One page; paging and filtering keep the previous rows on screen until the next page arrives. */
    useList: (query: TListQuery) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => api.get<TPaged<TRow>>(path, { query: query as TQuery, signal }),
        placeholderData: keepPreviousData,
      }),

    /** One record. */
    useGet: (id: number) =>
      useQuery({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get<TDetail>(recordPath(id), { signal }),
        enabled: isId(id),
      }),

    useCreate: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: TCreate) => api.post<TDetail>(path, body),
        onSuccess: () => invalidateLists(queryClient, keys, related),
      });
    },

    /** For editors that serve any record (a modal, a drawer): the id travels with the body. */
    useUpdate: () => useUpdateMutation((variables: { id: number; body: TUpdate }) => variables),

    /** For a form page bound to one record by its route. */
    useUpdateOne: (id: number) => useUpdateMutation((body: TUpdate) => ({ id, body })),

    useDelete: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => removeRecord(id),
        onSuccess: (_nothing, id) => {
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          return invalidateLists(queryClient, keys, related);
        },
      });
    },

    /**
     * Whether `PATCH .../statuses/` takes the list's filter instead of ids (issue 31): every domain on the shared
     * route does; one with its own call (rates) does not, and its select-all keeps selecting rows.
     */
    takesFilter: statuses === undefined,

    /**
     * `PATCH .../statuses/`; answers the updated records, already merged into the cached pages. A change by filter
     * answers `{updated}`: the lists and the details are then fetched again.
     */
    useSetStatuses: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: TBulkStatusBody | TBulkStatusFilterBody): Promise<TRow[] | TBulkStatusUpdated> =>
          'filter' in body
            ? api.patch<TBulkStatusUpdated>(`${path}statuses/`, body)
            : statuses
              ? api.patch<TRow[]>(statuses.path, statuses.toBody(body))
              : api.patch<TRow[]>(`${path}statuses/`, body),
        onSuccess: (updated) =>
          Array.isArray(updated)
            ? Promise.all([
                mergeIntoLists(queryClient, keys.lists(), updated),
                ...updated.map((record) =>
                  isRowTheDetail
                    ? queryClient.setQueryData(keys.detail(record.id), record)
                    : queryClient.invalidateQueries({ queryKey: keys.detail(record.id) }),
                ),
                ...related.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
              ])
            : Promise.all([keys.all, ...related].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
      });
    },
  };
};

export type TDomainHooks<
  TRow extends TStatusRecord,
  TListQuery extends object,
  TCreate,
  TUpdate,
  TDetail = TRow,
> = ReturnType<typeof createDomainHooks<TRow, TListQuery, TCreate, TUpdate, TDetail>>;
