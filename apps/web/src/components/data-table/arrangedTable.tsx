import { DEFAULT_LIST_SETTINGS, type TListSettingsBody } from '@zaryad/contracts';
import { Card, Checkbox, Flex, Tooltip, type TableColumnsType, type TableColumnType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS_KEY,
  arrangeColumns,
  columnLabel,
  tableSize,
  toTableColumns,
  type TListColumn,
} from '@/components/data-table/columnPriority';
import { TextSpan } from '@/components/text/TextSpan';

/** The columns a DataTable takes: plain antd ones, or a list's declared ones with priorities. */
export type TTableColumns<T> = TableColumnsType<T> | readonly TListColumn<T>[];

/** Every column declares a priority: the list follows its settings (order, visibility, density). */
export const isPrioritized = <T,>(columns: TTableColumns<T>): columns is readonly TListColumn<T>[] =>
  columns.length > 0 && columns.every((column) => 'priority' in column && typeof column.key === 'string');

/** A cell's content as antd would draw it: the column's render, else the value at its dataIndex. */
export const cellOf = <T,>(column: TableColumnType<T>, record: T, index: number): ReactNode => {
  // Read as unknown: narrowing antd's deep DataIndex type (Array.isArray over its recursive paths) made `tsc` of the
  // web app run out of memory.
  const path: unknown = column.dataIndex;
  const value =
    path === undefined
      ? undefined
      : (Array.isArray(path) ? (path as readonly unknown[]) : [path]).reduce<unknown>(
          (item, part) => (item as Record<string, unknown> | undefined)?.[part as string],
          record,
        );
  const drawn = column.render ? column.render(value, record, index) : value;
  // antd's `{children, props}` form of a render is not used by the kit's lists; its children stand for it.
  if (drawn !== null && typeof drawn === 'object' && 'children' in (drawn as object) && 'props' in (drawn as object)) {
    return (drawn as { children: ReactNode }).children;
  }
  return drawn as ReactNode;
};

/** A cell with nothing to show. */
const isBlank = (cell: ReactNode) => cell === null || cell === undefined || cell === '' || cell === false;

/** A long text cut to one line at `width` px with an ellipsis: the whole of it in a tooltip. */
const Truncated = ({ children, width }: { children: ReactNode; width: number }) =>
  isBlank(children) ? (
    children
  ) : (
    <Tooltip title={children} placement="topLeft">
      <span
        style={{
          display: 'inline-block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {children}
      </span>
    </Tooltip>
  );

/** The fields of a record worth a line, each with its cell: one with nothing to show is left out, not a bare label. */
const filledFields = <T,>(columns: readonly TListColumn<T>[], record: T, index: number) =>
  columns.map((column) => ({ column, cell: cellOf(column, record, index) })).filter(({ cell }) => !isBlank(cell));

/** The hidden columns of one row, label and value, in its expanded part (and on its phone card's "more"). */
export const HiddenFields = <T,>({
  columns,
  record,
  index,
}: {
  columns: readonly TListColumn<T>[];
  record: T;
  index: number;
}) => (
  <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '4px 16px', margin: 0 }}>
    {filledFields(columns, record, index).map(({ column, cell }) => (
      <div key={column.key} style={{ display: 'contents' }}>
        <dt>
          <TextSpan tone="secondary">{columnLabel(column)}</TextSpan>
        </dt>
        <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{cell}</dd>
      </div>
    ))}
  </dl>
);

export type TArrangedTable<T> = {
  columns: TableColumnsType<T>;
  /** The row's expanded part with its hidden columns; none when every column shows. */
  expandable?: TableProps<T>['expandable'];
  size?: TableProps<T>['size'];
  /** The list's shown columns with their priorities (the phone cards' fields), or the plain columns. */
  shown: readonly TListColumn<T>[];
  hidden: readonly TListColumn<T>[];
};

/** The plain antd columns of a list that declares no priorities, read as: the first names the row. */
const asListColumns = <T,>(columns: TableColumnsType<T>): TListColumn<T>[] =>
  columns.map((column, index) => ({
    ...column,
    key: String(column.key ?? index),
    priority: index === 0 ? 'identity' : 'normal',
  }));

/**
 * What antd draws for a list: with priorities, the settings' order and visibility, the identity pinned left and the
 * actions right, long texts on one line with a tooltip, the rest in the row's expanded part, the density's size;
 * without, the columns as given.
 */
export const arrangeTable = <T,>(
  columns: TTableColumns<T>,
  settings: Pick<TListSettingsBody, 'columns' | 'density'> = DEFAULT_LIST_SETTINGS,
): TArrangedTable<T> => {
  if (!isPrioritized(columns)) {
    const plain = columns as TableColumnsType<T>;
    return { columns: plain, shown: asListColumns(plain), hidden: [] };
  }
  const { shown, hidden } = arrangeColumns(columns, settings);
  return {
    columns: toTableColumns(shown, (content, width) => <Truncated width={width}>{content}</Truncated>),
    expandable:
      hidden.length > 0
        ? {
            expandedRowRender: (record, index) => <HiddenFields columns={hidden} record={record} index={index} />,
            columnWidth: 40,
            fixed: 'left',
          }
        : undefined,
    size: tableSize(settings.density),
    shown,
    hidden,
  };
};

type TRowCardsProps<T> = {
  items: readonly T[];
  arranged: TArrangedTable<T>;
  keyOf: (record: T) => Key;
  label?: string;
  /** The checked rows, when the list has a selection. */
  selection?: { keys: readonly Key[]; onToggle: (record: T, checked: boolean) => void; labelOf: (key: Key) => string };
  empty: ReactNode;
};

/**
 * A list on a phone (< 768 px, issue 33 item 2): one card per row, its identity as the title, the row actions beside
 * it, each key column a line of label and value, the other columns under "More".
 */
export const RowCards = <T,>({ items, arranged, keyOf, label, selection, empty }: TRowCardsProps<T>) => {
  const { t } = useTranslation('kit');
  const identity = arranged.shown.find((column) => column.priority === 'identity');
  const actions = arranged.shown.find((column) => column.key === ACTIONS_KEY);
  const rest = arranged.shown.filter((column) => column !== identity && column !== actions);
  // A card shows the key fields; the other shown columns and the hidden ones fold under "More". A list that declares
  // no key column shows every shown one.
  const keyFields = rest.filter((column) => column.priority === 'key');
  const fields = keyFields.length > 0 ? keyFields : rest;
  const more = [...rest.filter((column) => !fields.includes(column)), ...arranged.hidden];
  if (items.length === 0) {
    return <div style={{ padding: '24px 0', textAlign: 'center' }}>{empty}</div>;
  }
  return (
    <ul aria-label={label} data-testid="row-cards" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((record, index) => {
        const key = keyOf(record);
        const filled = filledFields(fields, record, index);
        return (
          <li key={key} style={{ marginBottom: 8 }}>
            <Card size="small" styles={{ body: { padding: '8px 12px' } }}>
              <Flex align="center" gap={8} style={{ minHeight: 32 }}>
                {selection ? (
                  <Checkbox
                    aria-label={selection.labelOf(key)}
                    checked={selection.keys.includes(key)}
                    onChange={(event) => {
                      selection.onToggle(record, event.target.checked);
                    }}
                  />
                ) : null}
                <div style={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {identity ? cellOf(identity, record, index) : null}
                </div>
                {actions ? <div style={{ flexShrink: 0 }}>{cellOf(actions, record, index)}</div> : null}
              </Flex>
              {filled.length > 0 ? (
                <dl style={{ margin: '4px 0 0' }}>
                  {filled.map(({ column, cell }) => (
                    <Flex key={column.key} justify="space-between" gap={12} style={{ padding: '2px 0' }}>
                      <dt style={{ flexShrink: 0 }}>
                        <TextSpan tone="secondary">{columnLabel(column)}</TextSpan>
                      </dt>
                      <dd style={{ margin: 0, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>{cell}</dd>
                    </Flex>
                  ))}
                </dl>
              ) : null}
              {more.length > 0 ? (
                <details style={{ marginTop: 4 }}>
                  <summary style={{ cursor: 'pointer' }}>{t('columns.more')}</summary>
                  <div style={{ paddingTop: 4 }}>
                    <HiddenFields columns={more} record={record} index={index} />
                  </div>
                </details>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
};
