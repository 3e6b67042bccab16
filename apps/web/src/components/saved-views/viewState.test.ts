import { describe, expect, it } from 'vitest';
import { activeView, filterChips, urlFilters, withFilters, withoutFilters } from '@/components/saved-views/viewState';

const params = (text: string) => new URLSearchParams(text);

describe('saved view state', () => {
  it('reads the filters from the URL without page and size', () => {
    expect(urlFilters(params('page=3&size=20&status=finished,stopped&search=&period__from=2026-11-01'))).toEqual({
      period__from: '2026-11-01',
      status: 'finished,stopped',
    });
  });

  it("puts a view's filters in place of the current ones, on page 1 with the same page size", () => {
    const next = withFilters(params('page=4&size=50&source=rfid&search=ab'), { status: 'finished', platform: '2' });
    expect(Object.fromEntries(next)).toEqual({ size: '50', status: 'finished', platform: '2' });
  });

  it("removes a chip's filters and goes back to page 1", () => {
    const next = withoutFilters(params('page=2&period__from=a&period__to=b&source=rfid'), [
      'period__from',
      'period__to',
    ]);
    expect(Object.fromEntries(next)).toEqual({ source: 'rfid' });
  });

  it('finds the view the list shows, whatever the order of its filters', () => {
    const view = (id: number, filters: Record<string, string>) => ({
      id,
      state: { filters, sort: null, columns: null, density: null },
    });
    const views = [view(1, { status: 'finished' }), view(2, { source: 'rfid', status: 'finished' })];
    expect(activeView(views, { status: 'finished', source: 'rfid' })?.id).toBe(2);
    expect(activeView(views, { status: 'stopped' })).toBeUndefined();
  });

  it('makes one chip per filter, a range as one, values through the format, unknown names as they are', () => {
    const chips = filterChips(
      {
        period__from: '2026-11-01',
        period__to: '2026-11-30',
        status: 'finished,stopped',
        extra: '1',
        finished_date__to: '2026-11-05',
      },
      [
        { label: 'Status', keys: ['status'], format: (value) => value.toUpperCase() },
        { label: 'Period', keys: ['period__from', 'period__to'] },
        { label: 'Finished', keys: ['finished_date__from', 'finished_date__to'] },
      ],
    );
    expect(chips.map(({ label, text, keys }) => ({ label, text, keys }))).toEqual([
      { label: 'Status', text: 'FINISHED, STOPPED', keys: ['status'] },
      { label: 'Period', text: '2026-11-01 – 2026-11-30', keys: ['period__from', 'period__to'] },
      { label: 'Finished', text: '– 2026-11-05', keys: ['finished_date__to'] },
      { label: 'extra', text: '1', keys: ['extra'] },
    ]);
  });
});
