import type { TListColumnSetting, TListSettingsBody } from '@zaryad/contracts';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * How much a list's column matters (issue 33, item 2; docs/product/common.md#2-screens):
 * - `identity`: what names the row (a number, a name). Pinned left, always shown, never hidden or moved.
 * - `key`: what an operator reads the list for (status, money, Stop, balance). Shown by default, sized so that at
 *   1280 px it is in view without a horizontal scroll.
 * - `normal`: shown by default; the first to go under a horizontal scroll when the screen is narrow.
 * - `detail`: hidden by default; read in the row's expanded part, or shown from the column settings.
 * The row actions (`key: 'actions'`) are pinned right and always shown whatever their priority.
 */
export type TColumnPriority = 'identity' | 'key' | 'normal' | 'detail';

/** A list column as the kit's lists declare it: antd's column with a key, a priority and, for settings, a label. */
export type TListColumn<T> = TableColumnType<T> & {
  key: string;
  priority: TColumnPriority;
  /** The column's name in the settings and on phone cards when its `title` is not text (the actions' hidden one). */
  label?: string;
  /**
   * Text that may be long (names, addresses): kept to one line, cut with an ellipsis, the whole text in a tooltip.
   * `width` then bounds it (a default one when none is given).
   */
  truncate?: boolean;
};

export type TListColumns<T> = TListColumn<T>[];

/** The row actions' key: pinned right, never hidden. */
export const ACTIONS_KEY = 'actions';

/** The width a truncated column gets when its declaration says none. */
export const TRUNCATE_WIDTH = 220;

/** A cell's horizontal padding, both sides, at the comfortable density (antd's middle table: 16 + 16). */
export const CELL_PADDING = 32;

/** Whether the account may hide or move the column: the identity and the row actions stay where they are. */
export const isLocked = <T>(column: Pick<TListColumn<T>, 'key' | 'priority'>) =>
  column.priority === 'identity' || column.key === ACTIONS_KEY;

/** The text naming a column in the settings: its label, else its title when that is text, else its key. */
export const columnLabel = <T>(column: Pick<TListColumn<T>, 'key' | 'label' | 'title'>): string =>
  column.label ?? (typeof column.title === 'string' ? column.title : column.key);

/** Hidden by default: the detail columns. */
export const isHiddenByDefault = <T>(column: Pick<TListColumn<T>, 'priority'>) => column.priority === 'detail';

/**
 * The columns in the account's order: the saved keys first as saved (keys the list no longer has are dropped), and
 * every column the settings do not name (a new one, or all when nothing is saved) right after the column it follows
 * in the declaration. The identity stays first and the actions last.
 */
export const orderColumns = <T>(columns: readonly TListColumn<T>[], saved: readonly TListColumnSetting[]) => {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const movable = columns.filter((column) => !isLocked(column));
  const ordered: TListColumn<T>[] = [];
  for (const setting of saved) {
    const column = byKey.get(setting.key);
    if (column && !isLocked(column) && !ordered.includes(column)) {
      ordered.push(column);
    }
  }
  movable.forEach((column, index) => {
    if (ordered.includes(column)) {
      return;
    }
    const previous = movable
      .slice(0, index)
      .reverse()
      .find((candidate) => ordered.includes(candidate));
    ordered.splice(previous ? ordered.indexOf(previous) + 1 : 0, 0, column);
  });
  const identity = columns.filter((column) => column.priority === 'identity');
  const actions = columns.filter((column) => column.key === ACTIONS_KEY && column.priority !== 'identity');
  return [...identity, ...ordered, ...actions];
};

/** Whether a column is hidden: as the account saved it, else hidden by default when it is a detail. Locked ones never. */
export const isColumnHidden = <T>(column: TListColumn<T>, saved: readonly TListColumnSetting[]) => {
  if (isLocked(column)) {
    return false;
  }
  const setting = saved.find((item) => item.key === column.key);
  return setting ? setting.hidden : isHiddenByDefault(column);
};

export type TArrangedColumns<T> = {
  /** What the table shows, in order, the identity pinned left and the actions right. */
  shown: TListColumn<T>[];
  /** What the row's expanded part shows (hidden columns), in order. */
  hidden: TListColumn<T>[];
  /** Every column in order with its visibility: what the settings control lists. */
  all: { column: TListColumn<T>; hidden: boolean; locked: boolean }[];
};

/** The columns a list shows for the account's settings: ordered, split into shown and hidden, the ends pinned. */
export const arrangeColumns = <T>(
  columns: readonly TListColumn<T>[],
  settings: Pick<TListSettingsBody, 'columns'>,
): TArrangedColumns<T> => {
  const all = orderColumns(columns, settings.columns).map((column) => ({
    column,
    hidden: isColumnHidden(column, settings.columns),
    locked: isLocked(column),
  }));
  return {
    shown: all.filter((item) => !item.hidden).map((item) => item.column),
    hidden: all.filter((item) => item.hidden).map((item) => item.column),
    all,
  };
};

/**
 * The settings a control saves for a new order and visibility: every movable column, in order, with whether it is
 * hidden (locked ones are left out: they have no choice).
 */
export const toColumnSettings = <T>(
  items: readonly { column: Pick<TListColumn<T>, 'key' | 'priority'>; hidden: boolean }[],
): TListColumnSetting[] =>
  items.filter((item) => !isLocked(item.column)).map((item) => ({ key: item.column.key, hidden: item.hidden }));

/** Moves the movable column `key` one place up (-1) or down (+1) among the movable ones. */
export const moveColumn = (settings: readonly TListColumnSetting[], key: string, by: -1 | 1): TListColumnSetting[] => {
  const index = settings.findIndex((item) => item.key === key);
  const target = index + by;
  if (index < 0 || target < 0 || target >= settings.length) {
    return [...settings];
  }
  const next = [...settings];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as TListColumnSetting);
  return next;
};

/** The antd table size of a density. */
export const tableSize = (density: TListSettingsBody['density']) => (density === 'compact' ? 'small' : 'middle');

/**
 * The columns as antd draws them: the identity pinned left and the actions pinned right (so that at any width they
 * stay in view); truncated columns kept to one line with their text in a tooltip (`wrapTruncated` draws it).
 */
export const toTableColumns = <T>(
  shown: readonly TListColumn<T>[],
  wrapTruncated: (content: ReactNode, width: number) => ReactNode,
): TableColumnType<T>[] =>
  shown.map(({ priority, label: _label, truncate, ...column }) => {
    const pinned: TableColumnType<T>['fixed'] =
      priority === 'identity' ? 'left' : column.key === ACTIONS_KEY ? 'right' : column.fixed;
    if (!truncate) {
      // One line per row: a short value (a status, a sum, a date) never wraps; long texts are the truncated ones.
      const onCell = column.onCell;
      return {
        ...column,
        fixed: pinned,
        onCell: (record: T, index?: number) => {
          const cell = onCell?.(record, index) ?? {};
          return { ...cell, style: { whiteSpace: 'nowrap', ...cell.style } };
        },
      };
    }
    const render = column.render;
    const width = typeof column.width === 'number' ? column.width : TRUNCATE_WIDTH;
    return {
      ...column,
      fixed: pinned,
      width,
      ellipsis: { showTitle: false },
      // A table as wide as its content (scroll x: max-content) takes a column's width as its least: the text is cut
      // to the width inside the cell (less its padding) by the wrapper.
      render: (value: unknown, record: T, index: number) =>
        wrapTruncated((render ? render(value, record, index) : value) as ReactNode, width - CELL_PADDING),
    };
  });

/** How a column is declared by `prioritize`: its priority, or that with the truncation of a long text. */
export type TColumnDeclaration = TColumnPriority | { priority: TColumnPriority; truncate?: boolean; width?: number };

/**
 * Declares the priorities of a list's antd columns by key (`{ name: { priority: 'identity', truncate: true },
 * status: 'key', created: 'detail' }`); a column not named is `normal`. A column without a key takes its index.
 */
export const prioritize = <T>(
  columns: readonly TableColumnType<T>[],
  declarations: Record<string, TColumnDeclaration>,
): TListColumn<T>[] =>
  columns.map((column, index) => {
    const key = String(column.key ?? index);
    const declaration = declarations[key] ?? 'normal';
    const { priority, ...extra } = typeof declaration === 'string' ? { priority: declaration } : declaration;
    return { ...column, ...extra, key, priority };
  });
