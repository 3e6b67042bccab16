import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { oneOf } from '@/components/data-table/listParams';
import { useListParams } from '@/components/data-table/useListParams';

const filtersSchema = { status: oneOf(['0', '1']) };

const renderList = (url: string) =>
  renderHook(
    () => {
      const list = useListParams(filtersSchema);
      const location = useLocation();
      return { list, search: location.search };
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      ),
    },
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('a shared link opens the same page, size, search and filter', () => {
  const { result } = renderList('/accounts?page=2&size=20&search=ala&status=1');
  expect(result.current.list.query).toEqual({ page: 2, size: 20, search: 'ala', status: '1' });
  expect(result.current.list.searchText).toBe('ala');
});

test('a search reaches the URL 500 ms after the last keystroke and resets the page to 1', () => {
  const { result } = renderList('/accounts?page=3');
  act(() => {
    result.current.list.setSearch('al');
  });
  act(() => {
    vi.advanceTimersByTime(300);
  });
  act(() => {
    result.current.list.setSearch('ala');
  });
  act(() => {
    vi.advanceTimersByTime(499);
  });
  expect(result.current.search).toBe('?page=3');
  expect(result.current.list.searchText).toBe('ala');
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(result.current.search).toBe('?search=ala');
  expect(result.current.list.query).toEqual({ page: 1, size: 10, search: 'ala' });
});

test('a filter change is debounced, resets the page, and clearing it drops it from the URL', () => {
  const { result } = renderList('/accounts?page=2&status=1');
  act(() => {
    result.current.list.setFilter('status', '0');
  });
  act(() => {
    vi.advanceTimersByTime(500);
  });
  expect(result.current.search).toBe('?status=0');
  act(() => {
    result.current.list.setFilter('status', undefined);
  });
  act(() => {
    vi.advanceTimersByTime(500);
  });
  expect(result.current.search).toBe('');
});

test("a filter chosen as the search's wait ends is not lost: the older search reaches the URL, then the filter", () => {
  const { result } = renderList('/accounts?search=ala');
  act(() => {
    result.current.list.setSearch('');
  });
  // The search's 500 ms end and the click on a filter land in one render: the write of the older draft must not
  // count the newer edit as written, nor let the URL it writes reset the inputs.
  act(() => {
    vi.advanceTimersByTime(500);
    result.current.list.setFilter('status', '1');
  });
  expect(result.current.list.draftFilters.status).toBe('1');
  act(() => {
    vi.advanceTimersByTime(500);
  });
  expect(result.current.search).toBe('?status=1');
  expect(result.current.list.draftFilters.status).toBe('1');
});

test('paging is immediate and keeps the search', () => {
  const { result } = renderList('/accounts?search=ala');
  act(() => {
    result.current.list.setPage(2, 50);
  });
  expect(result.current.search).toBe('?search=ala&page=2&size=50');
});
