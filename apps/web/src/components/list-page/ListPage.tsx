import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Skeleton } from 'antd';
import type { TListName } from '@zaryad/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkStatusButton } from '@/components/bulk-status/BulkStatusButton';
import type { TTableColumns } from '@/components/data-table/arrangedTable';
import { ColumnSettings } from '@/components/data-table/ColumnSettings';
import type { TListColumn } from '@/components/data-table/columnPriority';
import { DataTable, type TDataTableProps } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import type { TFilterShape, TFilters } from '@/components/data-table/listParams';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { SearchInput } from '@/components/data-table/SearchInput';
import { useColumnSettings } from '@/components/data-table/useColumnSettings';
import { ExportButtons, type TExportFormat } from '@/components/export/ExportButtons';
import type { TListPageState, TListRow } from '@/components/list-page/useListPage';
import type { TQuery } from '@/lib/api';
import { StatusFilter, type STATUS_FILTERS } from '@/components/status-filter/StatusFilter';

/** Lists whose filters include the kit's `active` filter can show the StatusFilter. */
type TWithActive = TFilterShape & typeof STATUS_FILTERS;

/** The foldable panel of more filters: its toggle sits in the toolbar, the panel between the toolbar and the table. */
export type TFilterPanel<TShape extends TFilterShape> = {
  /** The panel's element id, for the toggle's `aria-controls`. */
  id: string;
  /** The filters the panel holds: the toggle counts the set ones, the panel's reset clears them. */
  keys: readonly (keyof TShape & string)[];
  /** The panel's fields; a lazy component may sit here (a skeleton shows while it loads). */
  content: ReactNode;
};

export type TListPageProps<TRow extends TListRow, TShape extends TFilterShape> = {
  state: TListPageState<TRow, TShape>;
  /** Names the table for screen readers. */
  label: string;
  /**
   * The list's columns; declared with priorities (`TListColumn`, columnPriority.ts) together with `listName`, the
   * toolbar offers the column settings, kept on the server for the account.
   */
  columns: TTableColumns<TRow>;
  /** The list's name for its saved column settings (`GET/PUT /accounts/settings/lists/{list}/`). */
  listName?: TListName;
  /** The search box; omitted, the list has none. */
  search?: { placeholder: string; width?: number; label?: string };
  /** The kit's status filter on `active`; needs STATUS_FILTERS among the list's filters. */
  statusFilter?: TShape extends TWithActive ? boolean : never;
  /** The list's own filters, after the search. */
  filters?: ReactNode;
  /** A foldable panel of more filters (the users' and the charges' lists); a link that sets one opens it. */
  panel?: TFilterPanel<TShape>;
  /** A "Reset filters" link after the filters while search or a filter narrows the list. */
  resettable?: boolean;
  /** The xlsx and csv exports of what the filters select (`/users/export/`), for a role holding the export. */
  exports?: { path: string; fileName: string; formats?: readonly TExportFormat[] };
  /** Between the toolbar and the table: the totals of the filtered set. */
  summary?: ReactNode;
  /** Row checkboxes for the screen's own bulk action (the promo codes' deactivation), with no status button. */
  selectable?: boolean;
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
 * One list screen (docs/product/common.md#2-screens): toolbar with search, filters, the bulk status button and the create
 * button; then the server-paged table with row selection and 'no data available'. The bulk status button with
 * the row selection, the create button and the actions column show only for a role that may use them.
 */
export const ListPage = <TRow extends TListRow, TShape extends TFilterShape>({
  state,
  label,
  columns,
  listName,
  search,
  statusFilter,
  filters,
  panel,
  resettable,
  exports,
  summary,
  selectable,
  wording = 'activation',
  create,
  actions,
  emptyWithoutFilters,
  tableProps = { scroll: { x: 'max-content' } },
  children,
}: TListPageProps<TRow, TShape>) => {
  const { t } = useTranslation('kit');
  const { list, records, selection, bulk, can } = state;
  const columnState = useColumnSettings(listName);
  const panelCount = panel ? panel.keys.filter((key) => list.filters[key] !== undefined).length : 0;
  // A link that already filters opens with its panel unfolded, so that what narrows the list is in view.
  const [isPanelOpen, setPanelOpen] = useState(panelCount > 0);
  const clearPanel = () =>
    list.setFilters(
      Object.fromEntries((panel?.keys ?? []).map((key) => [key, undefined])) as Partial<TFilters<TShape>>,
    );
  // Selection only serves the bulk status button; row actions the role lacks are the columns' business, except
  // the whole actions column, dropped here when the role may neither edit nor delete.
  // A read-only list's actions are its own (Stop on a charge, View on a role), shown by their own permissions.
  const shownColumns = (
    !state.isManaged || can.edit || can.delete ? columns : columns.filter((column) => column.key !== 'actions')
  ) as TTableColumns<TRow>;
  const listColumns =
    listName && shownColumns.every((column) => 'priority' in column)
      ? (shownColumns as readonly TListColumn<TRow>[])
      : undefined;
  const isEmptyWithoutFilters =
    emptyWithoutFilters !== undefined && records.data?.total === 0 && !state.isFiltered && !records.isFetching;
  // An empty page says why and what to do: nothing matches (clear the filters) or nothing yet (add the first).
  const empty = state.isFiltered ? (
    <EmptyState kind="filtered" onClear={list.reset} />
  ) : (
    <EmptyState kind="none" create={create && can.create ? create : undefined} />
  );
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
            {exports && can.export ? (
              <ExportButtons
                path={exports.path}
                query={state.filterQuery as TQuery}
                fallbackName={(format) => `${exports.fileName}.${format}`}
                formats={exports.formats}
              />
            ) : null}
            {bulk && can.status ? <BulkStatusButton {...bulk} wording={wording} /> : null}
            {create && can.create ? (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create.onClick}>
                {create.label}
              </Button>
            ) : null}
            {listColumns ? <ColumnSettings columns={listColumns} state={columnState} /> : null}
          </>
        }
      >
        {search ? (
          <SearchInput
            value={list.searchText}
            onChange={list.setSearch}
            placeholder={search.placeholder}
            label={search.label}
            width={search.width ?? 320}
          />
        ) : null}
        {statusFilter ? <StatusFilter wording={wording} value={activeFilters.active} onChange={setActive} /> : null}
        {filters}
        {panel ? (
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={isPanelOpen}
            aria-controls={panel.id}
            type={panelCount > 0 ? 'primary' : 'default'}
            ghost={panelCount > 0}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {isPanelOpen
              ? t('filters.hide')
              : panelCount > 0
                ? t('filters.showCount', { count: panelCount })
                : t('filters.show')}
          </Button>
        ) : null}
        {resettable && state.isFiltered ? (
          <Button type="link" onClick={list.reset}>
            {t('filters.reset')}
          </Button>
        ) : null}
      </ListToolbar>
      {panel && isPanelOpen ? (
        <Card id={panel.id} size="small" style={{ marginBottom: 16 }}>
          <Flex gap={12} wrap align="center">
            <Suspense fallback={<Skeleton.Input active block />}>{panel.content}</Suspense>
            {panel.keys.some((key) => list.draftFilters[key] !== undefined) ? (
              <Button type="link" onClick={clearPanel}>
                {t('filters.reset')}
              </Button>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {summary}
      {isEmptyWithoutFilters ? (
        emptyWithoutFilters
      ) : (
        <DataTable<TRow>
          aria-label={label}
          columns={shownColumns}
          columnSettings={listName ? columnState.settings : undefined}
          data={records.data}
          loading={records.isFetching}
          error={records.isError ? records.error : undefined}
          rowKey="id"
          page={list.page}
          size={list.size}
          onPageChange={list.setPage}
          selection={(bulk && can.status) || selectable ? selection : undefined}
          empty={empty}
          tableProps={tableProps}
        />
      )}
      {children}
    </>
  );
};
