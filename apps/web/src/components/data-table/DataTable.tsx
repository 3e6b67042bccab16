import type { TListSettingsBody, TPaged } from '@zaryad/contracts';
import { Alert, Spin, Table, type TableProps } from 'antd';
import { useDeferredValue, useEffect, useMemo, useRef, type Key, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { arrangeTable, RowCards, type TTableColumns } from '@/components/data-table/arrangedTable';
import { MAX_PAGE_SIZE } from '@/components/data-table/listParams';
import { TablePager } from '@/components/data-table/TablePager';
import { errorMessage } from '@/lib/apiError';
import { useIsPhone } from '@/lib/mediaQuery';
import { useNumberFormat } from '@/lib/useNumberFormat';

export type TRowSelection<T> = {
  selectedRowKeys: Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  /**
   * Every record matching the list's filter is selected, on every page (issue 31): the rows shown are checked and a
   * line above the table says how many are selected. Unchecking a row returns to a selection of rows.
   */
  allMatching?: boolean;
  /**
   * Given, select-all on a list longer than the largest page selects every matching record instead of the first
   * page of 1,000 (the bulk change then sends the list's filter); a list that fits in one page still has its page
   * size raised to the total and every row selected.
   */
  onAllMatchingChange?: (allMatching: boolean) => void;
};

export type TDataTableProps<T extends object> = {
  /**
   * antd's columns, or a list's columns declaring their priorities (`TListColumn`, columnPriority.ts): then the
   * identity is pinned left and the actions right, long texts stay on one line, hidden columns fold into the row.
   */
  columns: TTableColumns<T>;
  /** The account's settings of this list (`useColumnSettings(list).settings`): order, visibility, density. */
  columnSettings?: TListSettingsBody;
  /** The server's answer for the current page; undefined while the first request runs. */
  data: TPaged<T> | undefined;
  loading?: boolean;
  /** A failed load: the server's message (a 403's translated detail) takes the place of 'no data available'. */
  error?: unknown;
  rowKey: (keyof T & string) | ((record: T) => Key);
  page: number;
  size: number;
  onPageChange: (page: number, size: number) => void;
  /** Turns on checkboxes; the select-all box also raises the page size to the total (docs/product/common.md#9-limits). */
  selection?: TRowSelection<T>;
  /** Names the table for screen readers. */
  'aria-label'?: string;
  /** What an empty page says and offers (the kit's EmptyState, from ListPage); 'no data available' when not given. */
  empty?: ReactNode;
  /** Escape hatch for antd options the kit does not decide (scroll, onRow, expandable...). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'rowSelection' | 'loading'>;
};

const keyOf = <T extends object>(rowKey: TDataTableProps<T>['rowKey'], record: T): Key =>
  typeof rowKey === 'function' ? rowKey(record) : (record[rowKey] as Key);

/**
 * antd keeps a zero-height, aria-hidden row that repeats the column titles to measure their widths (rc-table's
 * MeasureRow), select-all checkbox included: a control hidden from screen readers but reachable by Tab (axe
 * aria-hidden-focus). `inert` takes the row out of the focus order; antd offers no prop for it.
 */
const useInertMeasureRow = (wrapperRef: RefObject<HTMLDivElement | null>) => {
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) {
      return undefined;
    }
    const markInert = () => {
      wrapper.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    };
    markInert();
    const observer = new MutationObserver(markInert);
    observer.observe(wrapper, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [wrapperRef]);
};

/** An antd table whose paging is done by the server: it shows one page and asks for others. */
export const DataTable = <T extends object>({
  columns,
  data,
  loading = false,
  error,
  rowKey,
  page,
  size,
  onPageChange,
  selection,
  columnSettings,
  'aria-label': ariaLabel,
  empty,
  tableProps,
}: TDataTableProps<T>) => {
  const { t } = useTranslation('kit');
  const { count } = useNumberFormat();
  // A page of rows is the costliest render of a list (each cell an antd component): it is drawn in the background, a
  // slice at a time, so a phone stays responsive; meanwhile the table keeps showing the previous page or its loading.
  const shown = useDeferredValue(useMemo(() => ({ data, loading }), [data, loading]));
  const items = shown.data?.items ?? [];
  const total = shown.data?.total ?? 0;
  // Select-all on a partial page first loads every row; the rows are selected once they arrive.
  const isSelectingAll = useRef(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  useInertMeasureRow(wrapperRef);
  const arranged = useMemo(() => arrangeTable(columns, columnSettings), [columns, columnSettings]);
  // A phone (< 768 px) reads a list as cards, one per row (issue 33, item 2), from the first frame on.
  const isPhone = useIsPhone();

  useEffect(() => {
    if (isSelectingAll.current && selection && data && data.items.length >= Math.min(data.total, MAX_PAGE_SIZE)) {
      isSelectingAll.current = false;
      selection.onChange(
        data.items.map((record) => keyOf(rowKey, record)),
        data.items,
      );
    }
  }, [data, rowKey, selection]);

  const isAllMatching = selection?.allMatching === true;
  const rowSelection: TableProps<T>['rowSelection'] = selection && {
    // Every matching record is selected: whichever page is shown, its rows are.
    selectedRowKeys: isAllMatching ? items.map((record) => keyOf(rowKey, record)) : selection.selectedRowKeys,
    preserveSelectedRowKeys: true,
    onChange: (keys, rows, info) => {
      if (isAllMatching) {
        // Unchecking a row (or all) leaves "all matching": what stays checked on this page is the selection.
        selection.onAllMatchingChange?.(false);
      }
      selection.onChange(keys, rows);
      if (
        !isAllMatching &&
        info.type === 'all' &&
        keys.length > 0 &&
        total > MAX_PAGE_SIZE &&
        selection.onAllMatchingChange
      ) {
        // A page cannot hold them all: every matching record is selected by the list's filter (issue 31).
        selection.onAllMatchingChange(true);
        return;
      }
      if (!isAllMatching && info.type === 'all' && keys.length > 0 && total > items.length) {
        isSelectingAll.current = true;
        // The server caps a page at 1000 rows; beyond that only the first 1000 can be selected at once.
        onPageChange(1, Math.min(total, MAX_PAGE_SIZE));
      }
    },
    getTitleCheckboxProps: () => ({ 'aria-label': t('table.selectAll') }),
    getCheckboxProps: (record) => ({ 'aria-label': t('table.selectRow', { id: String(keyOf(rowKey, record)) }) }),
  };

  // While the first page loads there is nothing to say yet: antd would show 'no data' faintly under its spinner. The
  // text keeps its place, hidden, so the table is as tall as it will be if the page is empty.
  const emptyText = error ? (
    errorMessage(error, t('table.empty'))
  ) : shown.loading && !shown.data ? (
    <span style={{ visibility: 'hidden' }} aria-hidden>
      {t('table.empty')}
    </span>
  ) : (
    (empty ?? t('table.empty'))
  );

  return (
    <div ref={wrapperRef}>
      {isAllMatching ? (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginBottom: 8 }}
          title={t('table.allMatching', { total: count(total) })}
        />
      ) : null}
      {isPhone ? (
        <Spin spinning={shown.loading}>
          <RowCards<T>
            items={items}
            arranged={arranged}
            keyOf={(record) => keyOf(rowKey, record)}
            label={ariaLabel}
            empty={emptyText}
            selection={
              selection && {
                keys: isAllMatching ? items.map((record) => keyOf(rowKey, record)) : selection.selectedRowKeys,
                labelOf: (key) => t('table.selectRow', { id: String(key) }),
                onToggle: (record, checked) => {
                  const key = keyOf(rowKey, record);
                  const rows = items.filter((item) => selection.selectedRowKeys.includes(keyOf(rowKey, item)));
                  selection.onAllMatchingChange?.(false);
                  selection.onChange(
                    checked
                      ? [...selection.selectedRowKeys, key]
                      : selection.selectedRowKeys.filter((item) => item !== key),
                    checked ? [...rows, record] : rows.filter((item) => keyOf(rowKey, item) !== key),
                  );
                },
              }
            }
          />
        </Spin>
      ) : (
        <Table<T>
          size={arranged.size}
          expandable={arranged.expandable}
          {...tableProps}
          aria-label={ariaLabel}
          columns={arranged.columns}
          dataSource={items}
          rowKey={(record) => keyOf(rowKey, record)}
          loading={shown.loading}
          pagination={false}
          rowSelection={rowSelection}
          locale={{ emptyText }}
        />
      )}
      {shown.data && shown.data.total > 0 ? (
        <TablePager page={page} pages={shown.data.pages} size={size} total={total} onChange={onPageChange} />
      ) : null}
    </div>
  );
};
