import { Select, Spin } from 'antd';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_DEBOUNCE_MS } from '@/components/data-table/listParams';
import { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import { isNearBottom, SCROLL_DEBOUNCE_MS } from '@/components/infinite-scroll/InfiniteScrollList';
import { TextSpan } from '@/components/text/TextSpan';
import { useStationOptions, type TStationOption } from '@/features/pickers/api';

export type TStationSelectProps = {
  /** The chosen stations' ids (what the URL keeps). */
  value: readonly number[] | undefined;
  onChange: (ids: number[]) => void;
  /** Names the control for screen readers and stands as its placeholder. */
  label: string;
  /** The picker's endpoint: every station for charges and payments, active ones for promotions. */
  path?: '/stations/for-transaction/' | '/stations/for-promotion/';
  /** Names known elsewhere (the rows on screen), for ids chosen before the picker loaded their page (a reload). */
  knownNames?: ReadonlyMap<number, string>;
  width?: number | string;
  /** Only this merchant's stations (the banner form); every station when absent. */
  merchant?: number;
  disabled?: boolean;
};

/**
 * A multi-select over every station, searchable on the server and loaded page by page: the next page is asked for
 * when the dropdown is scrolled within 10 px of its bottom, 100 ms after scrolling stops (docs/product/common.md#9-limits).
 * Nothing is fetched until the dropdown first opens.
 */
export const StationSelect = ({
  value = [],
  onChange,
  label,
  path = '/stations/for-transaction/',
  knownNames,
  width = 320,
  merchant,
  disabled = false,
}: TStationSelectProps) => {
  const { t } = useTranslation('kit');
  const [hasOpened, setHasOpened] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), LIST_DEBOUNCE_MS);
  const options = useStationOptions(path, debouncedSearch, hasOpened, merchant);
  // Names seen in any page stay known, so a chosen station keeps its name when a search no longer lists it.
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  const loaded: TStationOption[] = options.data?.pages.flatMap((page) => page.items) ?? [];
  if (loaded.some((station) => seen.get(station.id) !== station.name)) {
    setSeen(new Map([...seen, ...loaded.map((station) => [station.id, station.name] as const)]));
  }
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = options;

  const loadIfNearBottom = useDebouncedCallback((box: HTMLElement) => {
    if (hasNextPage && !isFetchingNextPage && isNearBottom(box)) {
      void fetchNextPage();
    }
  }, SCROLL_DEBOUNCE_MS);

  const nameOf = (id: number) => seen.get(id) ?? knownNames?.get(id) ?? `#${id}`;
  const listed = new Set(loaded.map((station) => station.id));
  // Chosen stations outside the loaded pages still need an option, or the select would show their bare ids.
  const chosenElsewhere = value.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: nameOf(id) }));

  return (
    <Select<number[]>
      mode="multiple"
      aria-label={label}
      placeholder={label}
      allowClear
      disabled={disabled}
      maxTagCount={2}
      style={{ width }}
      value={[...value]}
      onChange={(ids) => {
        onChange(ids);
      }}
      onOpenChange={(open) => {
        if (open) {
          setHasOpened(true);
        }
      }}
      showSearch={{
        // The server searches; the loaded options are not filtered again here.
        filterOption: false,
        searchValue: search,
        onSearch: setSearch,
        autoClearSearchValue: false,
      }}
      options={[...loaded.map((station) => ({ value: station.id, label: station.name })), ...chosenElsewhere]}
      onPopupScroll={(event: UIEvent<HTMLDivElement>) => {
        loadIfNearBottom(event.currentTarget);
      }}
      notFoundContent={isFetching ? <Spin size="small" /> : t('table.empty')}
      popupRender={(menu) => (
        <>
          {menu}
          {isFetchingNextPage ? (
            <div role="status" style={{ textAlign: 'center', padding: 8 }}>
              <Spin size="small" /> <TextSpan tone="secondary">{t('infinite.loading')}</TextSpan>
            </div>
          ) : null}
        </>
      )}
    />
  );
};
