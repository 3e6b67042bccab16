import { Empty, Spin } from 'antd';
import { useEffect, useRef, type Key, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
import { TextSpan } from '@/components/text/TextSpan';

/** docs/product/common.md#9-limits: more is loaded within 10 px of the bottom, 100 ms after scrolling stops. */
export const SCROLL_THRESHOLD_PX = 10;
export const SCROLL_DEBOUNCE_MS = 100;

export const isNearBottom = (element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= SCROLL_THRESHOLD_PX;

export type TInfiniteScrollListProps<T> = {
  items: T[];
  itemKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  hasMore: boolean;
  /** True while a page is being fetched; no second request starts meanwhile. */
  loading: boolean;
  onLoadMore: () => void;
  /** The scroll box's height; the list scrolls inside it. */
  height: number | string;
  'aria-label'?: string;
  emptyText?: ReactNode;
};

/** A list that asks for its next page when scrolled to the bottom (pair it with useInfiniteQuery). */
export const InfiniteScrollList = <T,>({
  items,
  itemKey,
  renderItem,
  hasMore,
  loading,
  onLoadMore,
  height,
  'aria-label': ariaLabel,
  emptyText,
}: TInfiniteScrollListProps<T>) => {
  const { t } = useTranslation('kit');
  const boxRef = useRef<HTMLDivElement>(null);

  const loadIfNearBottom = useDebouncedCallback(() => {
    const box = boxRef.current;
    if (box && hasMore && !loading && isNearBottom(box)) {
      onLoadMore();
    }
  }, SCROLL_DEBOUNCE_MS);

  // A first page shorter than the box can never be scrolled: check again whenever the rows change.
  useEffect(() => {
    const box = boxRef.current;
    if (box && box.scrollHeight > 0 && box.scrollHeight <= box.clientHeight) {
      loadIfNearBottom();
    }
  }, [items.length, loadIfNearBottom]);

  const handleScroll = (_event: UIEvent<HTMLDivElement>) => {
    loadIfNearBottom();
  };

  return (
    <div
      ref={boxRef}
      onScroll={handleScroll}
      style={{ height, overflowY: 'auto' }}
      role="region"
      aria-label={ariaLabel}
      aria-busy={loading}
      tabIndex={0}
    >
      {items.length === 0 && !loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('table.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <li key={itemKey(item)}>{renderItem(item, index)}</li>
          ))}
        </ul>
      )}
      {loading ? (
        <div style={{ textAlign: 'center', padding: 12 }} role="status">
          <Spin size="small" /> <TextSpan tone="secondary">{t('infinite.loading')}</TextSpan>
        </div>
      ) : null}
      {!loading && !hasMore && items.length > 0 ? (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <TextSpan tone="secondary">{t('infinite.end')}</TextSpan>
        </div>
      ) : null}
    </div>
  );
};
