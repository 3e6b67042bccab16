import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { TBulkStatusBody, TPaged, TPermissionDomain } from '@zaryad/contracts';
import { useCallback } from 'react';
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
export type TListPageHooks<TRow extends TStatusRecord, TShape extends TFilterShape> = {
  useList: (query: TUrlQuery<TShape>) => UseQueryResult<TPaged<TRow>>;
  /** Answers the updated records, which the hook has already merged into the cached pages by id. */
  useSetStatuses: () => UseMutationResult<TRow[], Error, TBulkStatusBody>;
  useDelete: () => UseMutationResult<unknown, Error, number>;
};

export type TListPageOptions<TRow extends TStatusRecord, TShape extends TFilterShape> = {
  /** The list's URL filters (`STATUS_FILTERS`, the rates' own...); declare it at module level. */
  filters: TShape;
  hooks: TListPageHooks<TRow, TShape>;
  /** The permission domain of the rows (`merchants`): the create, bulk status, edit and delete controls follow it. */
  permission: TPermissionDomain;
  /**
   * SPEC.md section 7: the merchant's stations reload from page 1 after a delete. Their delete hook only marks
   * the pages stale, so that the page left behind is not fetched for nothing; page 1 is fetched here.
   */
  afterDelete?: 'stay' | 'first-page';
};

/**
 * The state of one list screen, in the order every list builds it: URL params, the page's data, the selection,
 * the bulk status button's wiring and the delete of a row. `<ListPage>` renders it.
 */
export const useListPage = <TRow extends TStatusRecord, TShape extends TFilterShape>({
  filters,
  hooks,
  permission,
  afterDelete = 'stay',
}: TListPageOptions<TRow, TShape>) => {
  const can = useDomainCan(permission);
  const list = useListParams(filters);
  const records = hooks.useList(list.query);
  const setStatuses = hooks.useSetStatuses();
  const { mutateAsync: remove } = hooks.useDelete();
  const { selected, setSelected, selection } = useRowSelection<TRow>();
  const { page, setPage } = list;
  const { refetch } = records;

  const bulk: TBulkStatusButtonProps<TRow> = {
    selected,
    onConfirm: (body) => setStatuses.mutateAsync(body),
    onSuccess: () => {
      setSelected([]);
    },
  };

  /** Deletes a row; a refusal rejects with its joined messages, which ConfirmDelete shows. */
  const deleteRow = useCallback(
    async (record: TRow) => {
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
    selection,
    bulk,
    deleteRow,
    /** What the account may do with these rows; `<ListPage>` hides the controls it may not use. */
    can,
    /** Search or a filter narrows the list: an empty answer then means "nothing found", not "nothing yet". */
    isFiltered: Object.keys(list.query).some((key) => key !== 'page' && key !== 'size'),
  };
};

export type TListPageState<TRow extends TStatusRecord, TShape extends TFilterShape> = ReturnType<
  typeof useListPage<TRow, TShape>
>;
