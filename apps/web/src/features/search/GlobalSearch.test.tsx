import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSearchResult } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { GlobalSearch } from '@/features/search';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const hit = (id: number, title: string, merchant_id: number | null = null) => ({
  id,
  title,
  subtitle: `subtitle ${id}`,
  match: 'prefix' as const,
  merchant_id,
});

const answer = (q: string): TSearchResult => ({
  q,
  groups: [
    { kind: 'merchants', items: [hit(3, 'Ала-Тоо Энерджи')], more: false },
    { kind: 'stations', items: [hit(11, 'Ала-Тоо 1', 3), hit(12, 'Ала-Тоо 2', 3)], more: true },
    { kind: 'users', items: [], more: false },
  ],
});

const routes = [
  { path: '/', element: <GlobalSearch /> },
  { path: '/merchant/:id/station-info/:stationId', element: <p>station page</p> },
  { path: '/merchant/:id', element: <p>merchant page</p> },
];

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('Ctrl+K opens the search; typing shows grouped results; the arrows choose and Enter opens', async () => {
  const requests = stubFetch((url) =>
    url.pathname === '/api/v1/search/' ? jsonResponse(200, answer(url.searchParams.get('q') ?? '')) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/');
  await screen.findByRole('button', { name: /search/i });
  await user.keyboard('{Control>}k{/Control}');
  const box = await screen.findByRole('combobox', { name: /search merchants/i });
  await waitFor(() => expect(document.activeElement).toBe(box));
  await user.type(box, 'ала');
  const list = screen.getByRole('listbox');
  const options = await within(list).findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'Ала-Тоо Энерджиsubtitle 3',
    'Ала-Тоо 1subtitle 11',
    'Ала-Тоо 2subtitle 12',
  ]);
  expect(within(list).getByRole('group', { name: 'Stations' })).toBeTruthy();
  expect(within(list).queryByRole('group', { name: 'App users' })).toBeNull();
  expect(within(list).getByText('More match: type more to narrow them.')).toBeTruthy();
  // One request for the whole word: the typing is debounced.
  expect(
    requests.filter((request) => request.url.pathname === '/api/v1/search/').map((r) => r.url.searchParams.get('q')),
  ).toEqual(['ала']);

  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
  expect(options[1]?.getAttribute('aria-selected')).toBe('true');
  expect(options[0]?.getAttribute('aria-selected')).toBe('false');
  expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
  await user.keyboard('{Enter}');
  await screen.findByText('station page');
  expect(router.state.location.pathname).toBe('/merchant/3/station-info/11');
});

test('Escape closes the search, and the button opens it again empty', async () => {
  stubFetch((url) => (url.pathname === '/api/v1/search/' ? jsonResponse(200, answer('x')) : undefined));
  const user = userEvent.setup();
  renderRoutes(routes, '/');
  await user.click(await screen.findByRole('button', { name: /search/i }));
  const box = await screen.findByRole('combobox');
  await user.type(box, 'ала');
  await screen.findAllByRole('option');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  await user.click(screen.getByRole('button', { name: /search/i }));
  expect((await screen.findByRole('combobox')) as HTMLInputElement).toHaveProperty('value', '');
  // Nothing typed: the hint, no results.
  expect(screen.getByText(/Type at least two characters/)).toBeTruthy();
});
