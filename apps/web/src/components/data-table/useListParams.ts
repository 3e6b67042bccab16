import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import {
  LIST_DEBOUNCE_MS,
  readListParams,
  toListQuery,
  writeListParams,
  type TFilterShape,
  type TFilters,
} from '@/components/data-table/listParams';

type TDraft<TShape extends TFilterShape> = { search: string; filters: TFilters<TShape> };

/**
 * A list's page, size, search and filters, kept in the URL so a filtered list survives a reload and can
 * be shared. Search and filters are edited in a local draft that reaches the URL 500 ms after the last
 * change, and then resets the page to 1. `filterShape` must be stable (declare it at module level).
 */
export const useListParams = <TShape extends TFilterShape>(filterShape: TShape) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListParams(searchParams, filterShape), [searchParams, filterShape]);
  const committedKey = JSON.stringify([state.search, state.filters]);

  const [draft, setDraft] = useState<TDraft<TShape>>(() => ({ search: state.search, filters: state.filters }));
  // True while the user has edits the URL has not received yet; guards against overwriting Back/Forward.
  const hasPendingEdits = useRef(false);
  const debouncedDraft = useDebouncedValue(draft, LIST_DEBOUNCE_MS);
  // The draft of the last render, for the write below (declared first: effects run in order).
  const latestDraft = useRef(draft);
  useEffect(() => {
    latestDraft.current = draft;
  }, [draft]);

  useEffect(() => {
    if (!hasPendingEdits.current) {
      return;
    }
    // An edit made as the wait ended (a filter clicked in the same render) is newer than what is written now: it stays
    // pending, so the URL this write makes does not reset the inputs, and the next write carries it.
    hasPendingEdits.current = debouncedDraft !== latestDraft.current;
    setSearchParams(
      (current) => writeListParams(current, { search: debouncedDraft.search, ...debouncedDraft.filters, page: 1 }),
      { replace: true },
    );
  }, [debouncedDraft, setSearchParams]);

  // The URL changed without the user typing (Back, a link): show its values in the inputs.
  useEffect(() => {
    if (!hasPendingEdits.current) {
      setDraft((current) =>
        JSON.stringify([current.search, current.filters]) === committedKey
          ? current
          : { search: state.search, filters: state.filters },
      );
    }
  }, [committedKey, state.search, state.filters]);

  const setSearch = useCallback((search: string) => {
    hasPendingEdits.current = true;
    setDraft((current) => ({ ...current, search }));
  }, []);

  const setFilters = useCallback((changes: Partial<TFilters<TShape>>) => {
    hasPendingEdits.current = true;
    setDraft((current) => ({ ...current, filters: { ...current.filters, ...changes } }));
  }, []);

  const setFilter = useCallback(
    <TKey extends keyof TFilters<TShape>>(key: TKey, value: TFilters<TShape>[TKey] | undefined) => {
      // Partial of a mapped type does not narrow to one key, hence the object built by hand.
      const change = { [key]: value } as Partial<TFilters<TShape>>;
      setFilters(change);
    },
    [setFilters],
  );

  /** Paging is a deliberate click: no debounce, and a new history entry so Back returns to the last page. */
  const setPage = useCallback(
    (page: number, size?: number) => {
      setSearchParams((current) => writeListParams(current, size === undefined ? { page } : { page, size }));
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    hasPendingEdits.current = false;
    const cleared = Object.fromEntries(Object.keys(filterShape).map((key) => [key, undefined]));
    setSearchParams((current) => writeListParams(current, { ...cleared, search: '', page: 1 }), { replace: true });
  }, [filterShape, setSearchParams]);

  const query = useMemo(() => toListQuery(state), [state]);

  return {
    /** What the URL says now: use it for the API call and the query key. */
    ...state,
    query,
    /** What the inputs show, ahead of the URL by up to 500 ms. */
    searchText: draft.search,
    draftFilters: draft.filters,
    setSearch,
    setFilter,
    setFilters,
    setPage,
    reset,
  };
};

export type TListParams<TShape extends TFilterShape> = ReturnType<typeof useListParams<TShape>>;
