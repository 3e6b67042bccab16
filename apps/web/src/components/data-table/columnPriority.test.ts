import { describe, expect, it } from 'vitest';
import {
  arrangeColumns,
  moveColumn,
  orderColumns,
  prioritize,
  toColumnSettings,
  toTableColumns,
  type TListColumn,
} from '@/components/data-table/columnPriority';

type TRow = { id: number; name: string };

const column = (key: string, priority: TListColumn<TRow>['priority'], extra: Partial<TListColumn<TRow>> = {}) =>
  ({ key, title: key, priority, ...extra }) as TListColumn<TRow>;

const COLUMNS = [
  column('name', 'identity', { truncate: true }),
  column('status', 'key'),
  column('city', 'normal'),
  column('created', 'detail'),
  column('balance', 'key'),
  column('actions', 'normal'),
];

const keys = (columns: readonly { key: string }[]) => columns.map((item) => item.key);

describe('arrangeColumns', () => {
  it('shows the declared order without saved settings, details hidden', () => {
    const arranged = arrangeColumns(COLUMNS, { columns: [] });
    expect(keys(arranged.shown)).toEqual(['name', 'status', 'city', 'balance', 'actions']);
    expect(keys(arranged.hidden)).toEqual(['created']);
  });

  it('follows the saved order and visibility, keeping the identity first and the actions last', () => {
    const arranged = arrangeColumns(COLUMNS, {
      columns: [
        { key: 'balance', hidden: false },
        { key: 'created', hidden: false },
        { key: 'status', hidden: true },
        { key: 'name', hidden: true },
        { key: 'actions', hidden: true },
      ],
    });
    expect(keys(arranged.shown)).toEqual(['name', 'balance', 'created', 'city', 'actions']);
    expect(keys(arranged.hidden)).toEqual(['status']);
  });

  it('drops saved keys the list no longer has and places new columns after their declared neighbour', () => {
    const ordered = orderColumns(COLUMNS, [
      { key: 'gone', hidden: false },
      { key: 'balance', hidden: false },
      { key: 'status', hidden: false },
    ]);
    expect(keys(ordered)).toEqual(['name', 'balance', 'status', 'city', 'created', 'actions']);
  });
});

describe('toColumnSettings and moveColumn', () => {
  it('leaves the locked columns out and moves within bounds', () => {
    const settings = toColumnSettings(arrangeColumns(COLUMNS, { columns: [] }).all);
    expect(settings.map((item) => item.key)).toEqual(['status', 'city', 'created', 'balance']);
    expect(settings.find((item) => item.key === 'created')?.hidden).toBe(true);
    expect(moveColumn(settings, 'city', -1).map((item) => item.key)).toEqual(['city', 'status', 'created', 'balance']);
    expect(moveColumn(settings, 'status', -1)).toEqual(settings);
    expect(moveColumn(settings, 'balance', 1)).toEqual(settings);
  });
});

describe('toTableColumns', () => {
  it('pins the identity left and the actions right, and truncates long text to one line', () => {
    const [name, status, actions] = toTableColumns(
      [COLUMNS[0], COLUMNS[1], COLUMNS[5]] as TListColumn<TRow>[],
      (content, width) => `[${String(content)}|${String(width)}]`,
    );
    expect(name?.fixed).toBe('left');
    expect(name?.ellipsis).toEqual({ showTitle: false });
    expect(name?.width).toBe(220);
    expect(name?.render?.('Газпром нефть Азия', { id: 1, name: '' }, 0)).toBe('[Газпром нефть Азия|188]');
    expect(status?.fixed).toBeUndefined();
    expect(status?.ellipsis).toBeUndefined();
    expect(actions?.fixed).toBe('right');
    expect(name).not.toHaveProperty('priority');
  });
});

describe('prioritize', () => {
  it('declares priorities by key, normal for the rest', () => {
    const columns = prioritize<TRow>(
      [{ key: 'name', title: 'Name' }, { key: 'city', title: 'City' }, { title: 'No key' }],
      { name: { priority: 'identity', truncate: true, width: 180 } },
    );
    expect(columns.map((item) => [item.key, item.priority, item.truncate, item.width])).toEqual([
      ['name', 'identity', true, 180],
      ['city', 'normal', undefined, undefined],
      ['2', 'normal', undefined, undefined],
    ]);
  });
});
