import type { TSearchResult } from '@zaryad/contracts';
import { describe, expect, it } from 'vitest';
import { isSearchShortcut, searchKeyAction, searchOptions, searchPath } from '@/features/search/searchNavigation';

const hit = (id: number, merchant_id: number | null = null) => ({
  id,
  title: `#${id}`,
  subtitle: '',
  match: 'exact' as const,
  merchant_id,
});

const result: TSearchResult = {
  q: 'ala',
  groups: [
    { kind: 'merchants', items: [hit(1)], more: false },
    { kind: 'stations', items: [hit(7, 1), hit(8, 1)], more: true },
    { kind: 'users', items: [], more: false },
    { kind: 'charges', items: [hit(99)], more: false },
  ],
};

describe('search navigation', () => {
  const options = searchOptions(result);

  it('lists the groups that found something, in order, each result with its screen', () => {
    expect(options.map((option) => option.path)).toEqual([
      '/merchant/1',
      '/merchant/1/station-info/7',
      '/merchant/1/station-info/8',
      '/chargers-list?search_by_id=99',
    ]);
    expect(searchPath('users', hit(5))).toBe('/user/5');
    expect(searchPath('accounts', hit(3))).toBe('/accounts/details/3');
  });

  it('moves down and up, wrapping round at both ends', () => {
    expect(searchKeyAction('ArrowDown', -1, options)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('ArrowDown', 2, options)).toEqual({ type: 'move', active: 3 });
    expect(searchKeyAction('ArrowDown', 3, options)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('ArrowUp', 0, options)).toEqual({ type: 'move', active: 3 });
    expect(searchKeyAction('ArrowUp', -1, options)).toEqual({ type: 'move', active: 3 });
    expect(searchKeyAction('ArrowUp', 2, options)).toEqual({ type: 'move', active: 1 });
    expect(searchKeyAction('ArrowDown', -1, [])).toBeNull();
  });

  it('opens the active result on Enter, the first one when none is active, and closes on Escape', () => {
    expect(searchKeyAction('Enter', 2, options)).toEqual({ type: 'open', option: options[2] });
    expect(searchKeyAction('Enter', -1, options)).toEqual({ type: 'open', option: options[0] });
    expect(searchKeyAction('Enter', -1, [])).toBeNull();
    expect(searchKeyAction('Escape', 1, options)).toEqual({ type: 'close' });
    expect(searchKeyAction('a', 1, options)).toBeNull();
  });

  it('opens on Ctrl+K and Cmd+K only', () => {
    const key = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSearchShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSearchShortcut({ ...key, metaKey: true, key: 'K' })).toBe(true);
    expect(isSearchShortcut(key)).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSearchShortcut({ ...key, ctrlKey: true, key: 'j' })).toBe(false);
  });
});
