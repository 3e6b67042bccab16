import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { BulkStatusButton } from '@/components/bulk-status/BulkStatusButton';
import type { TStatusRecord } from '@/components/bulk-status/bulkStatus';
import { DataTable, type TDataTableProps } from '@/components/data-table/DataTable';
import type { TFilterShape, TFilters } from '@/components/data-table/listParams';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { SearchInput } from '@/components/data-table/SearchInput';
import type { TListPageState } from '@/components/list-page/useListPage';
import { StatusFilter, type STATUS_FILTERS } from '@/components/status-filter/StatusFilter';

/** Lists whose filters include the kit's `active` filter can show the StatusFilter. */
type TWithActive = TFilterShape & typeof STATUS_FILTERS;

export type TListPageProps<TRow extends TStatusRecord, TShape extends TFilterShape> = {
  state: TListPageState<TRow, TShape>;
  /** Names the table for screen readers. */
  label: string;
  columns: TableColumnsType<TRow>;
  /** The search box; omitted, the list has none. */
  search?: { placeholder: string; width?: number };
  /** The kit's status filter on `active`; needs STATUS_FILTERS among the list's filters. */
  statusFilter?: TShape extends TWithActive ? boolean : never;
  /** The list's own filters, after the search. */
  filters?: ReactNode;
  /** A foldable panel of more filters, between the toolbar and the table (the users' list). */
  panel?: ReactNode;
  /** Dashboard accounts are blocked and unblocked rather than deactivated and activated. */
  wording?: 'activation' | 'blocking';
  create?: { label: string; onClick: () => void };
  /** The screen's own buttons, before the bulk status and create buttons (the accounts' link to the roles). */
  actions?: ReactNode;
  /** Shown instead of the table when nothing exists yet and nothing narrows the list (the rates' message). */
  emptyWithoutFilters?: ReactNode;
  tableProps?: TDataTableProps<TRow>['tableProps'];
  /** Editors, drawers: whatever the screen opens over the list. */
  children?: ReactNode;
};

/**
 * One list screen (SPEC.md section 2): toolbar with search, filters, the bulk status button and the create
 * button; then the server-paged table with row selection and 'no data available'. The bulk status button with
 * the row selection, the create button and the actions column show only for a role that may use them.
 */
export const ListPage = <TRow extends TStatusRecord, TShape extends TFilterShape>({
  state,
  label,
  columns,
  search,
  statusFilter,
  filters,
  panel,
  wording = 'activation',
  create,
  actions,
  emptyWithoutFilters,
  tableProps = { scroll: { x: 'max-content' } },
  children,
}: TListPageProps<TRow, TShape>) => {
  const { list, records, selection, bulk, can } = state;
  // Selection only serves the bulk status button; row actions the role lacks are the columns' business, except
  // the whole actions column, dropped here when the role may neither edit nor delete.
  const shownColumns = can.edit || can.delete ? columns : columns.filter((column) => column.key !== 'actions');
  const isEmptyWithoutFilters =
    emptyWithoutFilters !== undefined && records.data?.total === 0 && !state.isFiltered && !records.isFetching;
  // `statusFilter` is typed to be true only when the shape holds `active`; the filters read it as such.
  const activeFilters = list.draftFilters as Partial<TFilters<TWithActive>>;
  const setActive = (active: 'true' | 'false' | undefined) => {
    list.setFilters({ active } as Partial<TFilters<TShape>>);
  };

  return (
    <>
      <ListToolbar
        actions={
          <>
            {actions}
            {can.status ? <BulkStatusButton {...bulk} wording={wording} /> : null}
            {create && can.create ? (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create.onClick}>
                {create.label}
              </Button>
            ) : null}
          </>
        }
      >
        {search ? (
          <SearchInput
            value={list.searchText}
            onChange={list.setSearch}
            placeholder={search.placeholder}
            width={search.width ?? 320}
          />
        ) : null}
        {statusFilter ? <StatusFilter wording={wording} value={activeFilters.active} onChange={setActive} /> : null}
        {filters}
      </ListToolbar>
      {panel}
      {isEmptyWithoutFilters ? (
        emptyWithoutFilters
      ) : (
        <DataTable<TRow>
          aria-label={label}
          columns={shownColumns}
          data={records.data}
          loading={records.isFetching}
          error={records.isError ? records.error : undefined}
          rowKey="id"
          page={list.page}
          size={list.size}
          onPageChange={list.setPage}
          selection={can.status ? selection : undefined}
          tableProps={tableProps}
        />
      )}
      {children}
    </>
  );
};
