import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { STATION_PAGE_SIZE, type TStationOption } from '@/features/pickers/api';
import { StationSelect } from '@/features/pickers/StationSelect';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 45_000 });

const TOTAL = 45;
const STATIONS: TStationOption[] = Array.from({ length: TOTAL }, (_, index) => ({
  id: index + 1,
  name: `Station ${String(index + 1).padStart(2, '0')}`,
  merchant: 1,
}));

/** `/stations/for-transaction/` over 45 stations: pages of 20, searched by name. */
const serve = () =>
  stubFetch((url) => {
    if (url.pathname !== '/api/v1/stations/for-transaction/') {
      return undefined;
    }
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const search = url.searchParams.get('search') ?? '';
    const found = STATIONS.filter((station) => station.name.includes(search));
    return jsonResponse(200, {
      items: found.slice((page - 1) * size, page * size),
      page,
      pages: Math.max(1, Math.ceil(found.length / size)),
      size,
      total: found.length,
    });
  });

let chosen: number[] = [];
const Harness = () => {
  const [value, setValue] = useState<number[]>([]);
  return (
    <StationSelect
      label="Stations"
      value={value}
      onChange={(ids) => {
        chosen = ids;
        setValue(ids);
      }}
    />
  );
};

const pagesAsked = (requests: ReturnType<typeof serve>) =>
  requests
    .filter((request) => request.url.pathname === '/api/v1/stations/for-transaction/')
    .map((request) => `${request.url.searchParams.get('search') ?? ''}:${request.url.searchParams.get('page')}`);

/** The dropdown's scroll box, given the geometry happy-dom does not lay out. */
const scrollTo = (distanceFromBottom: number) => {
  const box = document.querySelector<HTMLElement>('.ant-select-dropdown .ant-select-dropdown-list-holder');
  if (!box) {
    throw new Error('no dropdown list');
  }
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 256 });
  // The virtual list writes back the offset it clamps to its own idea of the height: the test's geometry stands.
  const top = 1000 - 256 - distanceFromBottom;
  Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => top, set: () => undefined });
  fireEvent.scroll(box);
};

beforeEach(async () => {
  chosen = [];
  await changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('nothing is fetched until the picker opens; then page 1 of the stations', async () => {
  const requests = serve();
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <Harness /> }], '/');
  const select = await screen.findByRole('combobox', { name: 'Stations' });
  expect(pagesAsked(requests)).toEqual([]);
  await user.click(select);
  expect(await screen.findByTitle('Station 01')).toBeTruthy();
  expect(pagesAsked(requests)).toEqual([':1']);
  expect(requests[0]?.url.searchParams.get('size')).toBe(String(STATION_PAGE_SIZE));
});

test('scrolling within 10 px of the bottom loads the next page once, 100 ms after the scrolling stops', async () => {
  const requests = serve();
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <Harness /> }], '/');
  await user.click(await screen.findByRole('combobox', { name: 'Stations' }));
  await screen.findByTitle('Station 01');

  // 11 px above the bottom: once the scrolling has stopped for 100 ms (the clock advanced, its promises settled),
  // nothing is asked; the same steps 10 px above the bottom ask for page 2 just below.
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout'] });
  scrollTo(11);
  await act(() => vi.advanceTimersByTimeAsync(100));
  expect(pagesAsked(requests)).toEqual([':1']);

  // A burst of scroll events within 10 px is one request, sent once they stop for 100 ms.
  scrollTo(10);
  scrollTo(5);
  scrollTo(0);
  act(() => {
    vi.advanceTimersByTime(99);
  });
  expect(pagesAsked(requests)).toEqual([':1']);
  act(() => {
    vi.advanceTimersByTime(1);
  });
  vi.useRealTimers();
  await waitFor(() => {
    expect(pagesAsked(requests)).toEqual([':1', ':2']);
  });
  // The virtual list draws only the rows in view: the loaded rows show in the height it scrolls over (32 px each).
  const filler = () => document.querySelector<HTMLElement>('.ant-select-dropdown-list-holder > div')?.style.height;
  await waitFor(() => {
    expect(filler()).toBe(`${40 * 32}px`);
  });

  scrollTo(0);
  await waitFor(() => {
    expect(pagesAsked(requests)).toEqual([':1', ':2', ':3']);
  });
  await waitFor(() => {
    expect(filler()).toBe(`${TOTAL * 32}px`);
  });
  // The last page is in: the scroll that asked for page 3 asks for nothing more once its 100 ms have passed.
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout'] });
  scrollTo(0);
  await act(() => vi.advanceTimersByTimeAsync(100));
  expect(pagesAsked(requests)).toEqual([':1', ':2', ':3']);
});

test('search asks the server from page 1, and a chosen station keeps its name outside the search', async () => {
  const requests = serve();
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <Harness /> }], '/');
  const select = await screen.findByRole('combobox', { name: 'Stations' });
  await user.click(select);
  await user.click(await screen.findByTitle('Station 03'));
  expect(chosen).toEqual([3]);
  await user.type(select, 'Station 4');
  await waitFor(() => {
    expect(pagesAsked(requests)).toContain('Station 4:1');
  });
  expect(await screen.findByTitle('Station 41')).toBeTruthy();
  await user.click(screen.getByTitle('Station 41'));
  expect(chosen).toEqual([3, 41]);
  const control = select.closest('.ant-select');
  expect(control?.textContent).toContain('Station 03');
  expect(control?.textContent).toContain('Station 41');
});
