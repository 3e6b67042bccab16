import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { DashboardSkeleton, DetailsSkeleton, TableSkeleton } from '@/components/empty-state/Skeletons';
import { renderWithKit } from '@/components/test-render';

test('nothing matches: says so and offers to clear the filters, which the button does', async () => {
  const onClear = vi.fn();
  renderWithKit(<EmptyState kind="filtered" onClear={onClear} />);
  expect(screen.getByText('Nothing matches')).toBeTruthy();
  expect(screen.getByText(/No records match the search and filters/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onClear).toHaveBeenCalledTimes(1);
  // Nothing to add here: it is not that nothing exists.
  expect(screen.queryByRole('button', { name: 'Add the first one' })).toBeNull();
});

test('nothing yet: offers the create action to an account that may create, which it opens', async () => {
  const onCreate = vi.fn();
  renderWithKit(<EmptyState kind="none" create={{ label: 'Add partner', onClick: onCreate }} />);
  expect(screen.getByText('Nothing here yet')).toBeTruthy();
  expect(screen.getByText('Nothing has been added yet: start with the first one.')).toBeTruthy();
  const add = screen.getByRole('button', { name: 'Add the first one' });
  // Says what it adds, without taking the toolbar button's name.
  expect(add.getAttribute('title')).toBe('Add partner');
  await userEvent.click(add);
  expect(onCreate).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
});

test('nothing yet, for an account that may not create: no button, and a text that does not ask it to add', () => {
  renderWithKit(<EmptyState kind="none" />);
  expect(screen.getByText('Nothing has been added yet: records appear here once they are added.')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

test('a screen gives its own words (an empty chart), in ru and ky the kit speaks the language', () => {
  const { unmount } = renderWithKit(<EmptyState kind="none" title="No charges in this period" compact />);
  expect(screen.getByText('No charges in this period')).toBeTruthy();
  unmount();
  renderWithKit(<EmptyState kind="filtered" onClear={vi.fn()} />, { language: 'ru' });
  expect(screen.getByText('Ничего не найдено')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Очистить фильтры' })).toBeTruthy();
});

test('loading states are shaped like their screens and say they are loading', () => {
  renderWithKit(
    <>
      <TableSkeleton rows={4} columns={5} />
      <DetailsSkeleton items={6} />
      <DashboardSkeleton />
    </>,
  );
  const [table, details, dashboard] = screen.getAllByRole('status', { name: 'Loading' });
  expect(table?.getAttribute('aria-busy')).toBe('true');
  // A header row and four rows, five cells each.
  const rows = table?.querySelectorAll('[data-testid="skeleton-row"]') ?? [];
  expect(rows).toHaveLength(5);
  expect(rows[4]?.children).toHaveLength(5);
  expect(details?.dataset.testid).toBe('details-skeleton');
  expect(dashboard?.dataset.testid).toBe('dashboard-skeleton');
});

test("nothing yet, with the screen's own ways to start: its buttons instead of the kit's", async () => {
  const onGenerate = vi.fn();
  renderWithKit(
    <EmptyState
      kind="none"
      create={{ label: 'Add partner', onClick: vi.fn() }}
      actions={
        <>
          <button type="button" onClick={onGenerate}>
            Generate
          </button>
          <button type="button">Add a promotion</button>
        </>
      }
    />,
  );
  expect(screen.queryByRole('button', { name: 'Add the first one' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
  expect(onGenerate).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Add a promotion' })).toBeTruthy();
});
