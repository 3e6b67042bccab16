import { describe, expect, it } from 'vitest';
import { pageOf } from '@/components/list-page/pageOf';

describe('pageOf', () => {
  it('cuts the asked page out of the whole list and counts its pages', () => {
    expect(pageOf([1, 2, 3, 4, 5], { page: 2, size: 2 })).toEqual({ items: [3, 4], page: 2, pages: 3, size: 2, total: 5 });
    expect(pageOf([1, 2, 3, 4, 5], { page: 3, size: 2 }).items).toEqual([5]);
  });

  it('keeps one empty page for an empty list', () => {
    expect(pageOf([], { page: 1, size: 20 })).toEqual({ items: [], page: 1, pages: 1, size: 20, total: 0 });
  });
});
