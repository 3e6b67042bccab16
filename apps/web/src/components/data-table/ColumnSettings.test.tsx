import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TListSettingsBody } from '@zaryad/contracts';
import { expect, test, vi } from 'vitest';
import { ColumnSettings } from '@/components/data-table/ColumnSettings';
import type { TListColumn } from '@/components/data-table/columnPriority';
import type { TColumnSettingsState } from '@/components/data-table/useColumnSettings';
import { renderWithKit } from '@/components/test-render';

type TRow = { id: number };

const COLUMNS: TListColumn<TRow>[] = [
  { key: 'name', priority: 'identity', title: 'Name' },
  { key: 'status', priority: 'key', title: 'Status' },
  { key: 'city', priority: 'normal', title: 'City' },
  { key: 'created', priority: 'detail', title: 'Created' },
  { key: 'actions', priority: 'key', title: <span>hidden header</span>, label: 'Actions' },
];

const stateOf = (
  settings: TListSettingsBody,
  save = vi.fn(() => Promise.resolve({ ...settings, list: 'merchants' as const, updated_at: null })),
) =>
  ({
    list: 'merchants',
    settings,
    isSaved: false,
    isLoading: false,
    isSaving: false,
    save,
    reset: vi.fn(() =>
      Promise.resolve({ columns: [], density: 'comfortable' as const, list: 'merchants' as const, updated_at: null }),
    ),
  }) satisfies TColumnSettingsState;

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
  await screen.findByText('Columns and rows');
};

test('lists the columns in order: the identity and actions always shown, the details unticked', async () => {
  renderWithKit(<ColumnSettings columns={COLUMNS} state={stateOf({ columns: [], density: 'comfortable' })} />);
  await open();
  expect(screen.getByText('Name: always shown')).toBeTruthy();
  expect(screen.getByText('Actions: always shown')).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: 'Show the column Status' }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByRole('checkbox', { name: 'Show the column Created' }) as HTMLInputElement).checked).toBe(false);
  expect(screen.queryByRole('checkbox', { name: 'Show the column Name' })).toBeNull();
  // The first movable column cannot go up, the last cannot go down.
  expect((screen.getByRole('button', { name: 'Move Status up' }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Move Created down' }) as HTMLButtonElement).disabled).toBe(true);
});

test('each change saves the whole order, visibility and density at once', async () => {
  const state = stateOf({ columns: [], density: 'comfortable' });
  renderWithKit(<ColumnSettings columns={COLUMNS} state={state} />);
  await open();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Show the column Status' }));
  expect(state.save).toHaveBeenLastCalledWith({
    columns: [
      { key: 'status', hidden: true },
      { key: 'city', hidden: false },
      { key: 'created', hidden: true },
    ],
    density: 'comfortable',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Move City up' }));
  expect(state.save).toHaveBeenLastCalledWith({
    columns: [
      { key: 'city', hidden: false },
      { key: 'status', hidden: false },
      { key: 'created', hidden: true },
    ],
    density: 'comfortable',
  });
  await userEvent.click(screen.getByText('Compact'));
  expect(state.save).toHaveBeenLastCalledWith(expect.objectContaining({ density: 'compact' }));
  await userEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
  expect(state.reset).toHaveBeenCalledTimes(1);
});

test('follows saved settings, and says so when a save fails', async () => {
  const save = vi.fn(() => Promise.reject(new Error('offline')));
  renderWithKit(
    <ColumnSettings
      columns={COLUMNS}
      state={stateOf(
        {
          columns: [
            { key: 'created', hidden: false },
            { key: 'status', hidden: false },
            { key: 'city', hidden: false },
          ],
          density: 'compact',
        },
        save,
      )}
    />,
  );
  await open();
  expect((screen.getByRole('checkbox', { name: 'Show the column Created' }) as HTMLInputElement).checked).toBe(true);
  // Saved first, it stands first among the movable columns.
  expect((screen.getByRole('button', { name: 'Move Created up' }) as HTMLButtonElement).disabled).toBe(true);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Show the column City' }));
  expect(await screen.findByText('The column settings could not be saved.')).toBeTruthy();
});

test('row actions whose header is hidden text are named in words, not by their key', async () => {
  const columns: TListColumn<TRow>[] = [
    { key: 'name', priority: 'identity', title: 'Name' },
    { key: 'status', priority: 'key', title: 'Status' },
    { key: 'actions', priority: 'key', title: <span>Edit</span> },
  ];
  renderWithKit(<ColumnSettings columns={columns} state={stateOf({ columns: [], density: 'comfortable' })} />);
  await open();
  expect(screen.getByText('Actions: always shown')).toBeTruthy();
  expect(screen.queryByText('actions: always shown')).toBeNull();
});
