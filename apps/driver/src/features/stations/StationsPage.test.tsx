import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { buildMapSettings, buildStationItem, buildStationPage, stubGeolocation } from '@/features/stations/testData';
import { forgetDriverPosition, POSITION_WAIT_MS } from '@/features/stations/useDriverPosition';
import { setLanguage } from '@/lib/i18n';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp, type TFakeApi } from '@/test/render';

const exact = { normalizer: (text: string) => text };

beforeEach(() => {
  writeSession({ access: 'a1', refresh: 'r1' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetDriverPosition();
  await setLanguage('ru');
});

/** The stations API: the list of `items` (whatever the query) and the map's settings; every call kept. */
const stationsApi = (items = [buildStationItem()], extra?: TFakeApi) =>
  fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/stations/') {
      return json(200, buildStationPage(items));
    }
    if (url.pathname === '/api/app/v1/map/') {
      return json(200, buildMapSettings());
    }
    return extra?.(url, init);
  });

const listCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.url.pathname === '/api/app/v1/stations/').map((call) => call.url.searchParams);

test('the stations near the driver’s position, each a link to its page with its free connectors per type', async () => {
  stubGeolocation({ lat: 42.8412345, lon: 74.6054321 });
  const calls = stationsApi();
  const user = userEvent.setup();
  const router = renderApp('/stations');
  const link = await screen.findByRole('link', { name: /Ала-Тоо/ });
  const query = listCalls(calls)[0]!;
  expect(Object.fromEntries(query)).toEqual({ lat: '42.841', lon: '74.605', radius: '50', size: '100' });
  // The phone's position is known: no word about Bishkek's centre.
  expect(screen.queryByText(/центра Бишкека/)).toBeNull();
  expect(screen.getByRole('status', { name: '' }).textContent).toBe('Найдена 1 станция');
  expect(within(link).getByRole('heading', { level: 2, name: 'Ала-Тоо' })).toBeTruthy();
  expect(within(link).getByText('1,5 км')).toBeTruthy();
  expect(within(link).getByText('1 из 3 свободно')).toBeTruthy();
  expect(within(link).getByText('Type 2 (Mennekes), до 22\u00a0кВт: 1 из 2 свободно', exact)).toBeTruthy();
  expect(within(link).getByText('CCS2, до 120\u00a0кВт: 0 из 1 свободно', exact)).toBeTruthy();
  await user.click(link);
  expect(router.state.location.pathname).toBe('/app/stations/7');
});

test('a refused geolocation starts from Bishkek’s centre and says so', async () => {
  stubGeolocation('denied');
  const calls = stationsApi();
  renderApp('/stations');
  expect(await screen.findByText(/Показаны станции у центра Бишкека/)).toBeTruthy();
  await screen.findByRole('link', { name: /Ала-Тоо/ });
  expect(listCalls(calls)[0]?.get('lat')).toBe('42.87');
  expect(listCalls(calls)[0]?.get('lon')).toBe('74.59');
});

test('an unanswered location prompt does not keep the list waiting', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  stubGeolocation('silent');
  const calls = stationsApi();
  renderApp('/stations');
  expect(await screen.findByText('Определяем, где вы…')).toBeTruthy();
  expect(listCalls(calls)).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(POSITION_WAIT_MS);
  await screen.findByRole('link', { name: /Ала-Тоо/ });
  expect(listCalls(calls)[0]?.get('lat')).toBe('42.87');
});

test('filters and search from the URL reach the query, and a change goes back to the URL', async () => {
  stubGeolocation('denied');
  const calls = stationsApi();
  const user = userEvent.setup();
  const router = renderApp('/stations?type=ccs2&power=50&available=1&q=Чуй');
  await screen.findByRole('link', { name: /Ала-Тоо/ });
  expect(Object.fromEntries(listCalls(calls)[0]!)).toMatchObject({
    connector_type: 'ccs2',
    min_power: '50',
    available: 'true',
    search: 'Чуй',
  });
  // The panel is open when filters are on; the URL's choices are checked.
  expect(screen.getByRole('button', { name: 'Фильтры: 3' }).getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('checkbox', { name: 'CCS2' })).toHaveProperty('checked', true);
  expect(screen.getByRole('combobox', { name: 'Мощность от' })).toHaveProperty('value', '50');
  expect(screen.getByRole('searchbox', { name: 'Поиск по названию или адресу' })).toHaveProperty('value', 'Чуй');

  await user.click(screen.getByRole('checkbox', { name: 'Type 2 (Mennekes)' }));
  await waitFor(() => expect(listCalls(calls).at(-1)?.get('connector_type')).toBe('ccs2,type2'));
  expect(router.state.location.search).toContain('type=ccs2%2Ctype2');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Мощность от' }), '');
  await user.click(screen.getByRole('checkbox', { name: 'Только со свободным коннектором' }));
  await waitFor(() => expect(listCalls(calls).at(-1)?.has('min_power')).toBe(false));
  expect(listCalls(calls).at(-1)?.has('available')).toBe(false);

  const search = screen.getByRole('searchbox', { name: 'Поиск по названию или адресу' });
  await user.clear(search);
  await user.type(search, 'Манаса');
  await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('Манаса'));
  expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Манаса');

  await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
  await waitFor(() => expect(listCalls(calls).at(-1)?.has('connector_type')).toBe(false));
  expect(router.state.location.search).toBe('?q=%D0%9C%D0%B0%D0%BD%D0%B0%D1%81%D0%B0');
});

test('the view switch is kept in the URL; bad values fall back to the defaults', async () => {
  stubGeolocation('denied');
  const calls = stationsApi();
  renderApp('/stations?view=globe&power=33&type=ccs2;drop');
  await screen.findByRole('link', { name: /Ала-Тоо/ });
  const query = Object.fromEntries(listCalls(calls)[0]!);
  expect(query).not.toHaveProperty('min_power');
  expect(query).not.toHaveProperty('connector_type');
  expect(screen.getByRole('button', { name: 'Список' }).getAttribute('aria-pressed')).toBe('true');
});

test('no stations, filtered or not, and no network', async () => {
  stubGeolocation('denied');
  stationsApi([]);
  renderApp('/stations');
  expect(await screen.findByText('Рядом нет станций.')).toBeTruthy();
  vi.unstubAllGlobals();

  forgetDriverPosition();
  stationsApi([]);
  renderApp('/stations?available=1');
  expect(await screen.findByText('Под эти условия станций нет. Измените поиск или фильтры.')).toBeTruthy();
  vi.unstubAllGlobals();

  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  renderApp('/stations?q=x');
  expect(await screen.findByText('Нет связи с сетью. Проверьте интернет и повторите.')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Повторить' }).length).toBeGreaterThan(0);
});

test('the list speaks English and Kyrgyz', async () => {
  stubGeolocation('denied');
  stationsApi([buildStationItem({ online: false, open_now: false, distance_m: 640 })]);
  await setLanguage('ky');
  renderApp('/stations');
  expect(await screen.findByRole('heading', { level: 1, name: 'Станциялар' })).toBeTruthy();
  expect(await screen.findByText('Байланышта эмес')).toBeTruthy();
  expect(screen.getByText('640 м')).toBeTruthy();
  expect(screen.getByText('Жабык')).toBeTruthy();
});

test('the map view loads the map with a named pin per station; choosing one shows its card', async () => {
  stubGeolocation('denied');
  const calls = stationsApi([buildStationItem(), buildStationItem({ id: 8, name: 'Вефа', online: false })]);
  const user = userEvent.setup();
  const router = renderApp('/stations');
  await screen.findByRole('link', { name: /Ала-Тоо/ });
  await user.click(screen.getByRole('button', { name: 'Карта' }));
  expect(new URLSearchParams(router.state.location.search).get('view')).toBe('map');
  expect(await screen.findByRole('region', { name: 'Карта станций' })).toBeTruthy();
  expect(calls.some((call) => call.url.pathname === '/api/app/v1/map/')).toBe(true);
  const pin = await screen.findByRole('button', { name: 'Ала-Тоо: 1 из 3 свободно' });
  expect(screen.getByRole('button', { name: 'Вефа: не в сети' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: /Ала-Тоо/ })).toBeNull();
  await user.click(pin);
  expect(await screen.findByRole('link', { name: /Ала-Тоо/ })).toBeTruthy();
});
