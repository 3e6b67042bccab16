import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { InfiniteScrollList, isNearBottom } from '@/components/infinite-scroll/InfiniteScrollList';
import { renderWithKit } from '@/components/test-render';

type TNews = { id: number; title: string };
const buildNews = (count: number): TNews[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `News ${i + 1}` }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** happy-dom does no layout: give the scroll box the geometry a browser would. */
const scrollTo = (box: HTMLElement, scrollTop: number, scrollHeight = 1000, clientHeight = 400) => {
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  box.scrollTop = scrollTop;
  fireEvent.scroll(box);
};

const renderNews = (props: { hasMore?: boolean; loading?: boolean; items?: TNews[] } = {}) => {
  const onLoadMore = vi.fn();
  renderWithKit(
    <InfiniteScrollList
      aria-label="News"
      items={props.items ?? buildNews(20)}
      itemKey={(item) => item.id}
      renderItem={(item) => item.title}
      hasMore={props.hasMore ?? true}
      loading={props.loading ?? false}
      onLoadMore={onLoadMore}
      height={400}
    />,
  );
  return { onLoadMore, box: screen.getByRole('region', { name: 'News' }) };
};

test('the bottom is near within 10 px', () => {
  expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 590 })).toBe(true);
  expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 589 })).toBe(false);
});

test('scrolling to the bottom loads more once, 100 ms after scrolling stops', () => {
  const { onLoadMore, box } = renderNews();
  expect(screen.getByText('News 20')).toBeTruthy();
  scrollTo(box, 300);
  scrollTo(box, 595);
  scrollTo(box, 600);
  act(() => {
    vi.advanceTimersByTime(99);
  });
  expect(onLoadMore).not.toHaveBeenCalled();
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(onLoadMore).toHaveBeenCalledTimes(1);
});

test('scrolling in the middle loads nothing', () => {
  const { onLoadMore, box } = renderNews();
  scrollTo(box, 500);
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(onLoadMore).not.toHaveBeenCalled();
});

test('while loading it shows a loading line and starts no second request', () => {
  const { onLoadMore, box } = renderNews({ loading: true });
  expect(screen.getByText('Loading…')).toBeTruthy();
  scrollTo(box, 600);
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(onLoadMore).not.toHaveBeenCalled();
});

test('at the end it says there is nothing more and stops asking', () => {
  const { onLoadMore, box } = renderNews({ hasMore: false });
  expect(screen.getByText('No more records')).toBeTruthy();
  scrollTo(box, 600);
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(onLoadMore).not.toHaveBeenCalled();
});

test('an empty list says no data available', () => {
  renderNews({ items: [], hasMore: false });
  expect(screen.getByText('No data available')).toBeTruthy();
});
