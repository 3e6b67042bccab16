import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPaged } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { expect, test, vi } from 'vitest';
import { arrangeTable, RowCards } from '@/components/data-table/arrangedTable';
import { prioritize } from '@/components/data-table/columnPriority';
import { DataTable } from '@/components/data-table/DataTable';
import { renderWithKit } from '@/components/test-render';

type TStation = { id: number; name: string };

const buildStations = (count: number, from = 1): TStation[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Station ${from + index}` }));

const page = (items: TStation[], overrides: Partial<TPaged<TStation>> = {}): TPaged<TStation> => ({
  items,
  page: 1,
  pages: 1,
  size: 10,
  total: items.length,
  ...overrides,
});

const columns: TableColumnsType<TStation> = [{ title: 'Name', dataIndex: 'name' }];

test('an empty list says no data available, in each language', () => {
  renderWithKit(<DataTable columns={columns} data={page([])} rowKey="id" page={1} size={10} onPageChange={vi.fn()} />);
  expect(screen.getByText('No data available')).toBeTruthy();
  expect(screen.queryByRole('navigation')).toBeNull();
});

test('while the first page loads the table does not say there is no data', () => {
  renderWithKit(
    <DataTable columns={columns} data={undefined} loading rowKey="id" page={1} size={10} onPageChange={vi.fn()} />,
  );
  // Its place is kept, hidden from the eye and from screen readers.
  const placeholder = screen.getByText('No data available');
  expect(getComputedStyle(placeholder).visibility).toBe('hidden');
  expect(placeholder.getAttribute('aria-hidden')).toBe('true');
});

test('shows Russian texts when the language is ru', () => {
  renderWithKit(<DataTable columns={columns} data={page([])} rowKey="id" page={1} size={10} onPageChange={vi.fn()} />, {
    language: 'ru',
  });
  expect(screen.getByText('Нет данных')).toBeTruthy();
});

test('previous and next ask the server for the neighbouring pages', async () => {
  const onPageChange = vi.fn();
  renderWithKit(
    <DataTable
      columns={columns}
      data={page(buildStations(10, 11), { page: 2, pages: 3, total: 25 })}
      rowKey="id"
      page={2}
      size={10}
      onPageChange={onPageChange}
    />,
  );
  expect(screen.getByText('Station 11')).toBeTruthy();
  expect(screen.getByText('Total: 25')).toBeTruthy();
  expect(screen.getByText('of 3')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(onPageChange).toHaveBeenLastCalledWith(3, 10);
  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(onPageChange).toHaveBeenLastCalledWith(1, 10);
});

test('a typed page is fetched on Enter; a value that is not a positive integer fetches nothing', async () => {
  const onPageChange = vi.fn();
  renderWithKit(
    <DataTable
      columns={columns}
      data={page(buildStations(10), { pages: 5, total: 50 })}
      rowKey="id"
      page={1}
      size={10}
      onPageChange={onPageChange}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Page number' });
  await userEvent.clear(input);
  await userEvent.type(input, '-3{Enter}');
  expect(onPageChange).not.toHaveBeenCalled();
  expect((input as HTMLInputElement).value).toBe('1');
  await userEvent.clear(input);
  await userEvent.type(input, '4{Enter}');
  expect(onPageChange).toHaveBeenCalledWith(4, 10);
  await userEvent.clear(input);
  await userEvent.type(input, '99{Enter}');
  expect(onPageChange).toHaveBeenLastCalledWith(5, 10);
});

test('the page size offers 10, 20 and 50 and goes back to page 1', async () => {
  const onPageChange = vi.fn();
  renderWithKit(
    <DataTable
      columns={columns}
      data={page(buildStations(10, 21), { page: 3, pages: 6, total: 60 })}
      rowKey="id"
      page={3}
      size={10}
      onPageChange={onPageChange}
    />,
  );
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
  for (const label of ['20 per page', '50 per page']) {
    expect(await screen.findByTitle(label)).toBeTruthy();
  }
  await userEvent.click(await screen.findByTitle('20 per page'));
  expect(onPageChange).toHaveBeenCalledWith(1, 20);
});

/** A screen that pages on a fake server, as a feature page does with useListParams and a query hook. */
const SelectableList = ({ all, byFilter = false }: { all: TStation[]; byFilter?: boolean }) => {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const start = (paging.page - 1) * paging.size;
  const data = page(all.slice(start, start + paging.size), {
    page: paging.page,
    size: paging.size,
    pages: Math.ceil(all.length / paging.size),
    total: all.length,
  });
  return (
    <>
      <p>
        Selected {allMatching ? 'every match' : selected.length}; size {paging.size}
      </p>
      <DataTable
        columns={columns}
        data={data}
        rowKey="id"
        page={paging.page}
        size={paging.size}
        onPageChange={(nextPage, size) => {
          setPaging({ page: nextPage, size });
        }}
        selection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          ...(byFilter && { allMatching, onAllMatchingChange: setAllMatching }),
        }}
      />
    </>
  );
};

test('select-all on a list that fits in one page raises the page size to the total and selects every row', async () => {
  renderWithKit(<SelectableList all={buildStations(23)} byFilter />);
  expect(screen.queryByText('Station 23')).toBeNull();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
  expect(screen.getByText('Selected 1; size 10')).toBeTruthy();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  await waitFor(() => {
    expect(screen.getByText('Selected 23; size 23')).toBeTruthy();
  });
  expect(screen.getByText('Station 23')).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
  expect(screen.getByTitle('23 per page')).toBeTruthy();
});

test('select-all on a list longer than the largest page selects every match, says so, and any uncheck returns to rows', async () => {
  renderWithKit(<SelectableList all={buildStations(5000)} byFilter />, { language: 'ru' });
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все' }));
  // The page is not raised to 1,000 rows: every match is selected by the list's filter, on every page.
  expect(await screen.findByText('Selected every match; size 10')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Выбраны все записи, подходящие под фильтр: 5\u202f000');
  await userEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
  expect(await screen.findByText('Station 11')).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: 'Выбрать строку 12' }) as HTMLInputElement).checked).toBe(true);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать строку 12' }));
  expect(await screen.findByText('Selected 9; size 10')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

test('without a filter to send, select-all on a long list selects the first 1,000 rows as before', async () => {
  renderWithKit(<SelectableList all={buildStations(1500)} />);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  await waitFor(() => {
    expect(screen.getByText('Selected 1000; size 1000')).toBeTruthy();
  });
});

test('a card leaves out a field with nothing to show, instead of its bare label', () => {
  type TPayment = { id: number; order: string; refunded: string };
  const payments = prioritize<TPayment>(
    [
      { key: 'order', title: 'Order', dataIndex: 'order' },
      {
        key: 'refunded',
        title: 'Refunded',
        render: (_value, payment) => (payment.refunded === '0.00' ? '' : payment.refunded),
      },
    ],
    { order: 'identity', refunded: 'key' },
  );
  renderWithKit(
    <RowCards<TPayment>
      items={[
        { id: 1, order: 'A-1', refunded: '0.00' },
        { id: 2, order: 'A-2', refunded: '150.00' },
      ]}
      arranged={arrangeTable(payments)}
      keyOf={(payment) => payment.id}
      empty="No data available"
    />,
  );
  const [unrefunded, refunded] = screen.getAllByRole('listitem');
  expect(unrefunded?.textContent).toBe('A-1');
  expect(refunded?.textContent).toBe('A-2Refunded150.00');
});
