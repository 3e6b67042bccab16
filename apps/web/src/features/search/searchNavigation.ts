import type { TSearchGroup, TSearchGroupKind, TSearchHit, TSearchResult } from '@zaryad/contracts';

/** One result as the dropdown lists it: its group, the record, and where it leads. */
export type TSearchOption = { kind: TSearchGroupKind; hit: TSearchHit; path: string };

/** The screen of each kind of record (docs/product/search.md): a charge has no page, so its list filtered by number. */
export const searchPath = (kind: TSearchGroupKind, hit: TSearchHit): string => {
  switch (kind) {
    case 'merchants':
      return `/merchant/${hit.id}`;
    case 'stations':
      return `/merchant/${hit.merchant_id ?? 0}/station-info/${hit.id}`;
    case 'users':
      return `/user/${hit.id}`;
    case 'charges':
      return `/chargers-list?search_by_id=${hit.id}`;
    case 'accounts':
      return `/accounts/details/${hit.id}`;
  }
};

/** The groups that found something, in the server's order. */
export const shownGroups = (result: TSearchResult | undefined): TSearchGroup[] =>
  (result?.groups ?? []).filter((group) => group.items.length > 0);

/** Every result in the order the dropdown shows them, the index the arrow keys move over. */
export const searchOptions = (result: TSearchResult | undefined): TSearchOption[] =>
  shownGroups(result).flatMap((group) =>
    group.items.map((hit) => ({ kind: group.kind, hit, path: searchPath(group.kind, hit) })),
  );

/** What a key does in the search box: move the active result (wrapping round), open it, or close the box. */
export type TSearchKeyAction =
  { type: 'move'; active: number } | { type: 'open'; option: TSearchOption } | { type: 'close' } | null;

export const searchKeyAction = (key: string, active: number, options: TSearchOption[]): TSearchKeyAction => {
  const count = options.length;
  switch (key) {
    case 'ArrowDown':
      return count === 0 ? null : { type: 'move', active: active < 0 ? 0 : (active + 1) % count };
    case 'ArrowUp':
      return count === 0 ? null : { type: 'move', active: active <= 0 ? count - 1 : active - 1 };
    case 'Enter': {
      // Enter without a chosen result opens the first one.
      const option = options[active < 0 ? 0 : active];
      return option ? { type: 'open', option } : null;
    }
    case 'Escape':
      return { type: 'close' };
    default:
      return null;
  }
};

/** Ctrl+K (Cmd+K on a Mac) opens the search from anywhere. */
export const isSearchShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
