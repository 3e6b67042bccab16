import { Select, Spin } from 'antd';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_DEBOUNCE_MS } from '@/components/data-table/listParams';
import { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import { isNearBottom, SCROLL_DEBOUNCE_MS } from '@/components/infinite-scroll/InfiniteScrollList';
import { useMerchantOptions, type TMerchantOption } from '@/features/pickers/api';

export type TMerchantSelectProps = {
  /** The chosen merchant's id; undefined or null for none. */
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** Names the control for screen readers and stands as its placeholder. */
  label: string;
  /** The chosen merchant's name when it is known already (the record being edited, the row on screen). */
  knownName?: string | null;
  width?: number | string;
  id?: string;
};

/**
 * One active merchant, searchable on the server and loaded page by page as the dropdown is scrolled (docs/product/common.md#9-limits's infinite scroll); nothing is fetched until the dropdown first opens. Fits a Form.Item.
 */
export const MerchantSelect = ({ value, onChange, label, knownName, width = '100%', id }: TMerchantSelectProps) => {
  const { t } = useTranslation('kit');
  const [hasOpened, setHasOpened] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), LIST_DEBOUNCE_MS);
  const options = useMerchantOptions(debouncedSearch, hasOpened);
  const loaded: TMerchantOption[] = options.data?.pages.flatMap((page) => page.items) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = options;

  const loadIfNearBottom = useDebouncedCallback((box: HTMLElement) => {
    if (hasNextPage && !isFetchingNextPage && isNearBottom(box)) {
      void fetchNextPage();
    }
  }, SCROLL_DEBOUNCE_MS);

  const isListed = value === undefined || value === null || loaded.some((merchant) => merchant.id === value);
  const chosen = isListed ? [] : [{ value, label: knownName ?? `#${value}` }];

  return (
    <Select<number | null>
      id={id}
      aria-label={label}
      placeholder={label}
      allowClear
      style={{ width }}
      value={value ?? null}
      onChange={(next) => {
        onChange?.(next ?? null);
      }}
      onOpenChange={(open) => {
        if (open) {
          setHasOpened(true);
        }
      }}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      options={[...loaded.map((merchant) => ({ value: merchant.id, label: merchant.name })), ...chosen]}
      onPopupScroll={(event: UIEvent<HTMLDivElement>) => {
        loadIfNearBottom(event.currentTarget);
      }}
      notFoundContent={isFetching ? <Spin size="small" /> : t('table.empty')}
    />
  );
};
