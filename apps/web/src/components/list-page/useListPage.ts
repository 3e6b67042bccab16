import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import {
  STATUS,
  type TBulkStatusBody,
  type TBulkStatusFilterBody,
  type TBulkStatusUpdated,
  type TPaged,
  type TPermissionDomain,
} from '@zaryad/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { TBulkStatusButtonProps } from '@/components/bulk-status/BulkStatusButton';
import type { TStatusRecord } from '@/components/bulk-status/bulkStatus';
import type { TFilterShape, toListQuery } from '@/components/data-table/listParams';
import { useListParams } from '@/components/data-table/useListParams';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { useDomainCan } from '@/components/permissions/permissions';

/** The query a list's URL gives: page, size, search and the filters that hold a value. */
export type TUrlQuery<TShape extends TFilterShape> = ReturnType<typeof toListQuery<TShape>>;

/**
 * The hooks a list page reads and writes with; a `createDomainHooks` result has them all. `useList` takes
 * the URL's query as it is: a list inside a record adds its parent there (the merchant's stations).
 */
/** A list's row: what the selection and the delete need; the bulk status button reads `status` as well. */
export type TListRow = { id: number };

export type TListPageHooks<TRow extends TListRow, TShape extends TFilterShape> = {
  useList: (query: TUrlQuery<TShape>) => UseQueryResult<TPaged<TRow>>;
  /**
   * Answers the updated records, which the hook has already merged into the cached pages by id; a change by filter
   * answers `{updated}`.
   */
  useSetStatuses?: () =>
    | UseMutationResult<TRow[] | TBulkStatusUpdated, Error, TBulkStatusBody | TBulkStatusFilterBody>
    | UseMutationResult<TRow[], Error, TBulkStatusBody>;
  /** The status route takes the list's filter: select-all on a list longer than a page selects every match. */
  takesFilter?: boolean;
  useDelete?: () => UseMutationResult<unknown, Error, number>;
};

/** Stands in for a mutation the list does not have (a log has no status, a charge no delete). */
const useNoMutation = () => undefined;

export type TListPageOptions<TRow extends TListRow, TShape extends TFilterShape> = {
  /** The list's URL filters (`STATUS_FILTERS`, the rates' own...); declare it at module level. */
  filters: TShape;
  hooks: TListPageHooks<TRow, TShape>;
  /** The permission domain of the rows (`merchants`): the create, bulk status, edit and delete controls follow it. */
  permission: TPermissionDomain;
  /**
   * docs/api.md: the merchant's stations reload from page 1 after a delete. Their delete hook only marks
   * the pages stale, so that the page left behind is not fetched for nothing; page 1 is fetched here.
   */
  afterDelete?: 'stay' | 'first-page';
};

/**
 * The state of one list screen, in the order every list builds it: URL params, the page's data, the selection,
 * the bulk status button's wiring and the delete of a row. `<ListPage>` renders it.
 */
export const useListPage = <TRow extends TListRow, TShape extends TFilterShape>({
  filters,
  hooks,
  permission,
  afterDelete = 'stay',
}: TListPageOptions<TRow, TShape>) => {
  const can = useDomainCan(permission);
  const list = useListParams(filters);
  const records = hooks.useList(list.query);
  // The hooks object is declared at module level: the same hooks run on every render.
  const setStatuses = (hooks.useSetStatuses ?? useNoMutation)();
  const remove = (hooks.useDelete ?? useNoMutation)()?.mutateAsync;
  const { selected, setSelected, selection } = useRowSelection<TRow>();
  const { page, setPage } = list;
  const { refetch } = records;

  // Every record matching the filter is selected (issue 31); a new search or filter is another set, so it ends.
  const [isAllMatching, setAllMatching] = useState(false);
  const { page: _page, size: _size, ...filter } = list.query as Record<string, string | undefined>;
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setAllMatching(false);
  }, [filterKey]);
  // Their status: the filter's own `active`, or whether any record of the other status than the page's first
  // matches (one row asked for). Otherwise the query is the page's own and nothing more is fetched.
  const firstStatus = (records.data?.items[0] as Partial<TStatusRecord> | undefined)?.status;
  const needsProbe = isAllMatching && filter.active === undefined && firstStatus !== undefined;
  const probe = hooks.useList(
    (needsProbe
      ? { ...list.query, active: firstStatus === STATUS.active ? 'false' : 'true', page: 1, size: 1 }
      : list.query) as TUrlQuery<TShape>,
  );
  const pinned =
    filter.active === undefined ? undefined : ['true', '1'].includes(filter.active) ? STATUS.active : STATUS.inactive;
  const allStatus =
    pinned ??
    (needsProbe && probe.data && !probe.isPlaceholderData ? (probe.data.total > 0 ? 'mixed' : firstStatus) : undefined);

  const bulk: TBulkStatusButtonProps<TStatusRecord> | undefined = setStatuses && {
    // Only a list whose status hook is given reaches here, and its rows carry `status`.
    selected: selected as unknown as TStatusRecord[],
    allMatching: isAllMatching ? { total: records.data?.total ?? 0, status: allStatus, filter } : undefined,
    // Only a hook that takes the filter (`takesFilter`) is ever sent one: select-all never selects by filter otherwise.
    onConfirm: (body) =>
      (
        setStatuses.mutateAsync as (
          body: TBulkStatusBody | TBulkStatusFilterBody,
        ) => Promise<TStatusRecord[] | TBulkStatusUpdated>
      )(body),
    onSuccess: () => {
      setSelected([]);
      setAllMatching(false);
    },
  };

  /** Deletes a row; a refusal rejects with its joined messages, which ConfirmDelete shows. */
  const deleteRow = useCallback(
    async (record: TRow) => {
      if (!remove) {
        return;
      }
      await remove(record.id);
      setSelected((current) => current.filter((item) => item.id !== record.id));
      if (afterDelete !== 'first-page') {
        return;
      }
      if (page === 1) {
        await refetch();
      } else {
        setPage(1);
      }
    },
    [afterDelete, page, refetch, remove, setPage, setSelected],
  );

  return {
    list,
    records,
    /** The URL's search and filters without page and size: what totals and exports take. */
    filterQuery: filter,
    /** The checked rows, for a screen's own bulk action (`selectable`). */
    selected,
    setSelected,
    selection: {
      ...selection,
      allMatching: isAllMatching,
      ...(hooks.takesFilter && { onAllMatchingChange: setAllMatching }),
    },
    bulk,
    deleteRow,
    /** The rows are edited and deleted here (a delete hook is given): their actions column follows edit and delete. */
    isManaged: hooks.useDelete !== undefined,
    /** What the account may do with these rows; `<ListPage>` hides the controls it may not use. */
    can,
    /** Search or a filter narrows the list: an empty answer then means "nothing found", not "nothing yet". */
    isFiltered: Object.keys(list.query).some((key) => key !== 'page' && key !== 'size'),
  };
};

export type TListPageState<TRow extends TListRow, TShape extends TFilterShape> = ReturnType<
  typeof useListPage<TRow, TShape>
>;
