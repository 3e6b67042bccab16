import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCharge, TPermission } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const charge = (overrides: Partial<TCharge> = {}): TCharge => ({
  id: 41,
  number: 41,
  ocpp_transaction_id: 9041,
  user: { id: 7, name: 'Айгуль Токтогулова', personal_account: '100007' },
  station: { id: 3, name: 'Ала-Тоо 1', merchant_id: 2 },
  connector: { id: 5, name: 'CCS2 #1', ocpp_16_id: 1 },
  app_version: '2.4.1',
  platform: 1,
  source: 'app',
  started_at: '2026-11-23T12:00:00.000Z',
  finished_at: '2026-11-23T13:05:09.000Z',
  duration: 3909,
  meter_start: 1000,
  meter_stop: 13345,
  consumption_kwh: '12.345',
  tariff: { kind: 'personal', price_per_kwh: '16.00', rate_id: 12 },
  promotion_id: null,
  discount: '0.00',
  total_cost: '197.52',
  shortfall: '0.00',
  payment_method: 'personal_balance',
  status: 'finished',
  transaction_status: 'successful',
  closed_by: 'charge_point',
  charge_point: null,
  running_cost: null,
  cost_breakdown: null,
  ...overrides,
});

const FINISHED = charge();
const RUNNING = charge({
  id: 42,
  number: 42,
  platform: 2,
  status: 'in_progress',
  finished_at: null,
  meter_stop: null,
  duration: 65,
  consumption_kwh: '0.500',
  // Booked at the finish; the cost so far is running_cost's.
  discount: '0.00',
  total_cost: '0.00',
  payment_method: 'cash',
  transaction_status: null,
  closed_by: null,
  charge_point: { state: 'online', silent_for: 12, force_finish_in: 588 },
  running_cost: { amount: '1260.00', discount: '25.50', total_cost: '1234.50', meter_at: '2026-11-23T12:01:05.000Z' },
});
const page = (items: TCharge[]) => ({ items, page: 1, pages: 1, size: 10, total: items.length });
const TOTALS = { count: 2, consumption_kwh: '12845.500', turnover: '1432.02', discount: '25.50' };

type TFake = {
  rows: TCharge[];
  totals?: typeof TOTALS;
  stopAnswer?: { success: boolean; detail?: string };
  permissions?: readonly TPermission[];
};

const serve = (fake: TFake) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(fake.permissions ? { permissions: fake.permissions } : {}));
    }
    if (url.pathname === '/api/v1/users/transactions/' && method === 'GET') {
      return jsonResponse(200, page(fake.rows));
    }
    if (url.pathname === '/api/v1/users/transactions/totals/') {
      return jsonResponse(200, fake.totals ?? TOTALS);
    }
    if (url.pathname === '/api/v1/users/transactions/stop/' && method === 'POST') {
      const answer = fake.stopAnswer ?? { success: true };
      if (answer.success) {
        fake.rows = fake.rows.map((row) => (row.id === 42 ? { ...row, status: 'stopped' } : row));
      }
      return jsonResponse(200, answer);
    }
    return undefined;
  });

const rowOf = async (number: number) => {
  const table = await screen.findByRole('table', { name: 'Charges' });
  const cell = await within(table).findByText(String(number), { selector: 'td' });
  const row = cell.closest('tr');
  if (!row) {
    throw new Error(`no row for ${number}`);
  }
  return row;
};

/** The row's expanded part: the columns hidden by default (connector, app version, platform), opened by its button. */
const expandedOf = async (row: HTMLElement) => {
  await userEvent.click(within(row).getByRole('button', { name: 'Expand row' }));
  const expanded = row.nextElementSibling;
  if (!(expanded instanceof HTMLElement)) {
    throw new Error('no expanded row');
  }
  return expanded;
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('a row shows docs/product/charges.md#3-records charge: words for platform, method and status, exact money and kWh, links', async () => {
  serve({ rows: [RUNNING, FINISHED] });
  renderRoutes(signedInRoutes, '/chargers-list');
  const finished = await rowOf(41);
  expect(within(finished).getByRole('link', { name: 'Ала-Тоо 1' }).getAttribute('href')).toBe(
    '/merchant/2/station-info/3',
  );
  expect(within(finished).getByRole('link', { name: 'Айгуль Токтогулова' }).getAttribute('href')).toBe('/user/7');
  // The platform and the start are details: read in the row's expanded part (the start would push the table past
  // 1280 px). Bishkek is UTC+6: 12:00Z started at 18:00 there.
  expect(within(finished).queryByText('iOS')).toBeNull();
  expect(within(finished).queryByText('23.11.2026 18:00')).toBeNull();
  const details = await expandedOf(finished);
  expect(within(details).getByText('iOS')).toBeTruthy();
  expect(within(details).getByText('23.11.2026 18:00')).toBeTruthy();
  expect(within(finished).getByText('Personal balance')).toBeTruthy();
  expect(within(finished).getByText('Finished')).toBeTruthy();
  expect(within(finished).getByText('1:05:09')).toBeTruthy();
  expect(within(finished).getByText('12.35')).toBeTruthy();
  expect(within(finished).getByText('197.52')).toBeTruthy();
  expect(within(finished).queryByRole('button', { name: 'Stop charge 41' })).toBeNull();

  const running = await rowOf(42);
  expect(within(await expandedOf(running)).getByText('Android')).toBeTruthy();
  expect(within(running).getByText('Cash')).toBeTruthy();
  expect(within(running).getByText('In progress')).toBeTruthy();
  // Its kWh and cost so far (running_cost, priced by the server), marked as such, with when the meter was read.
  const cost = within(running).getByTestId('running-cost');
  expect(within(cost).getByText('1,234.50')).toBeTruthy();
  expect(within(cost).getByText('so far')).toBeTruthy();
  expect(within(cost).getByText('discount 25.50')).toBeTruthy();
  expect(cost.getAttribute('title')).toContain('23.11.2026 18:01');
  expect(cost.getAttribute('title')).toContain('16.00');
  expect(within(within(running).getByTestId('running-kwh')).getByText('0.50', { exact: false })).toBeTruthy();
  // An ended charge's figures are the booked ones, not marked.
  expect(within(finished).queryByText('so far')).toBeNull();
  expect(within(running).getByRole('button', { name: 'Stop charge 42' })).toBeTruthy();
});

test("an ended charge's details say its tariff's kind and what its amount is made of", async () => {
  const itemised = charge({
    id: 43,
    number: 43,
    tariff: { kind: 'merchant', price_per_kwh: '14.00', rate_id: 5 },
    total_cost: '250.00',
    cost_breakdown: {
      energy: '172.83',
      time: '30.00',
      idle: '12.00',
      session: '20.00',
      adjustment: '15.17',
      amount: '250.00',
      charging_ended_at: '2026-11-23T13:00:00.000Z',
      segments: [],
    },
  });
  serve({ rows: [itemised, FINISHED] });
  renderRoutes(signedInRoutes, '/chargers-list');
  const details = await expandedOf(await rowOf(43));
  expect(within(details).getByText("Merchant's, 14.00 som/kWh")).toBeTruthy();
  const breakdown = within(details).getByTestId('cost-breakdown');
  for (const [label, amount] of [
    ['Energy', '172.83'],
    ['Charging time', '30.00'],
    ['Idle time', '12.00'],
    ['Fee per charge', '20.00'],
    ['Minimum / maximum', '15.17'],
    ['Total', '250.00'],
  ] as const) {
    expect(within(breakdown).getByText(label).closest('div')?.textContent).toBe(`${label}${amount}`);
  }
  // One booked before tariffs II has no breakdown, and says so.
  const plain = await expandedOf(await rowOf(41));
  expect(within(plain).getByText('Personal, 16.00 som/kWh')).toBeTruthy();
  expect(within(plain).getByText(/^Not itemised/)).toBeTruthy();
});

test('the totals line shows the filtered set, read with the same filters as the list', async () => {
  const requests = serve({ rows: [RUNNING, FINISHED] });
  renderRoutes(signedInRoutes, '/chargers-list?status=in_progress&page=2');
  const totals = await screen.findByRole('status', { name: 'Total' });
  await waitFor(() => {
    expect(within(totals).getByText('Charges: 2')).toBeTruthy();
  });
  // Thousands apart, as English writes them (issue 31: the English screen wrote 12 845,500); kWh to 2 decimals.
  expect(within(totals).getByText('Consumption: 12,845.50 kWh')).toBeTruthy();
  expect(within(totals).getByText('Turnover: 1,432.02 som')).toBeTruthy();
  expect(within(totals).getByText('Discount: 25.50 som')).toBeTruthy();
  const totalsRequest = requests.find((request) => request.url.pathname === '/api/v1/users/transactions/totals/');
  expect(totalsRequest?.url.searchParams.getAll('status')).toEqual(['in_progress']);
  // Totals are of the whole filtered set: no paging goes with them.
  expect(totalsRequest?.url.searchParams.has('page')).toBe(false);
});

test('filters go into the URL and the query; a reload of that URL shows them again', async () => {
  const requests = serve({ rows: [FINISHED] });
  const user = userEvent.setup();
  const { router } = renderRoutes(
    signedInRoutes,
    '/chargers-list?status=finished&status=stopped&station_id__in=3&platform=2',
  );
  // A filtering link opens with its panel unfolded, the chosen values shown.
  expect(await screen.findByRole('button', { name: 'Hide filters' })).toBeTruthy();
  await waitFor(() => {
    const list = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/').at(-1);
    expect(list?.url.searchParams.getAll('status')).toEqual(['finished', 'stopped']);
    expect(list?.url.searchParams.getAll('station_id__in')).toEqual(['3']);
    expect(list?.url.searchParams.get('platform')).toBe('2');
  });
  // The station chosen before the reload is named from the rows on screen, not shown as a bare id.
  await waitFor(() => {
    const stations = screen.getByRole('combobox', { name: 'Stations' }).closest('.ant-select');
    expect(stations?.textContent).toContain('Ала-Тоо 1');
  });

  await user.type(screen.getByRole('textbox', { name: 'Charge number' }), '41');
  await user.type(screen.getByRole('textbox', { name: 'User ID' }), 'x');
  // The number reaches the URL after the debounce and the list is read again: wait for it as a user would, so that
  // the dropdown opened next is not re-rendered under the click (on a loaded machine the option clicked was a node
  // the re-render had already replaced).
  await waitFor(() => {
    expect(router.state.location.search).toContain('search_by_id=41');
  });
  await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
  // The option of the open dropdown: a row's payment method on screen carries the same title.
  const cash = await waitFor(() => {
    const option = document.querySelector<HTMLElement>('.ant-select-dropdown .ant-select-item-option[title="Cash"]');
    expect(option).toBeTruthy();
    return option as HTMLElement;
  });
  await user.click(cash);
  await waitFor(() => {
    expect(router.state.location.search).toContain('payment_method=cash');
  });
  expect(router.state.location.search).toContain('search_by_id=41');
  const search = new URLSearchParams(router.state.location.search);
  expect(search.getAll('status')).toEqual(['finished', 'stopped']);
  // Half-typed or non-numeric ids stay in their field and never reach the server.
  expect(search.has('search_by_user_id')).toBe(false);
  await waitFor(() => {
    const list = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/').at(-1);
    expect(list?.url.searchParams.get('search_by_id')).toBe('41');
    expect(list?.url.searchParams.get('payment_method')).toBe('cash');
  });
});

test('Stop asks first, a double click sends one request, and success refreshes the row and the totals', async () => {
  const requests = serve({ rows: [RUNNING, FINISHED] });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list');
  await user.click(within(await rowOf(42)).getByRole('button', { name: 'Stop charge 42' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/Stop charge 42 at Ала-Тоо 1\?/)).toBeTruthy();
  expect(requests.some((request) => request.url.pathname.endsWith('/stop/'))).toBe(false);
  const totalsBefore = requests.filter((request) => request.url.pathname.endsWith('/totals/')).length;

  await user.dblClick(within(dialog).getByRole('button', { name: 'Stop' }));
  expect(await screen.findByText('Charge 42 has been stopped')).toBeTruthy();
  const stops = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/stop/');
  expect(stops).toHaveLength(1);
  expect(JSON.parse(String(stops[0]?.init?.body))).toEqual({ transaction_id: 42 });
  await waitFor(async () => {
    expect(within(await rowOf(42)).getByText('Stopped')).toBeTruthy();
  });
  expect(within(await rowOf(42)).queryByRole('button', { name: 'Stop charge 42' })).toBeNull();
  await waitFor(() => {
    expect(requests.filter((request) => request.url.pathname.endsWith('/totals/')).length).toBeGreaterThan(
      totalsBefore,
    );
  });
});

test("a refused stop shows the server's translated reason and changes nothing; Cancel sends nothing", async () => {
  const requests = serve({
    rows: [RUNNING],
    stopAnswer: { success: false, detail: 'The charge is not in progress: it has already ended' },
  });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list');
  await user.click(within(await rowOf(42)).getByRole('button', { name: 'Stop charge 42' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(requests.some((request) => request.url.pathname.endsWith('/stop/'))).toBe(false);

  await user.click(within(await rowOf(42)).getByRole('button', { name: 'Stop charge 42' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop' }));
  expect(await screen.findByText('The charge is not in progress: it has already ended')).toBeTruthy();
  expect(within(await rowOf(42)).getByText('In progress')).toBeTruthy();
});

test.each([
  [
    'ru' as const,
    ['Зарядок: 201\u202f309', 'Потребление: 723\u202f840,46\u00a0кВт·ч', 'Оборот: 11\u202f090,50\u00a0сом'],
  ],
  ['en' as const, ['Charges: 201,309', 'Consumption: 723,840.46\u00a0kWh', 'Turnover: 11,090.50\u00a0som']],
  [
    'ky' as const,
    ['Кубаттоолор: 201\u202f309', 'Керектөө: 723\u202f840,46\u00a0кВт·саат', 'Жүгүртүү: 11\u202f090,50\u00a0сом'],
  ],
])(
  'the totals line writes its figures as %s writes them (issue 31: "Всего: 201309", "723,840 kWh")',
  async (language, lines) => {
    await changeLanguage(language);
    serve({
      rows: [FINISHED],
      totals: { count: 201309, consumption_kwh: '723840.456', turnover: '11090.50', discount: '0.00' },
    });
    renderRoutes(signedInRoutes, '/chargers-list');
    const totals = await screen.findByRole('status', { name: /^(Итого|Total|Жыйынтык)$/ });
    await waitFor(() => {
      expect(
        within(totals)
          .getAllByText(/./)
          .map((line) => line.textContent),
      ).toEqual(expect.arrayContaining(lines));
    });
  },
);

test('a charge whose charge point is gone: the confirmation says it is closed without it, and sends force', async () => {
  const silent = { ...RUNNING, charge_point: { state: 'offline' as const, silent_for: 5_100, force_finish_in: 0 } };
  const requests = serve({ rows: [silent] });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list');
  await user.click(within(await rowOf(42)).getByRole('button', { name: 'Stop charge 42' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Close the charge without the charge point')).toBeTruthy();
  expect(
    within(dialog).getByText(
      'The charge point of Ала-Тоо 1 has been silent for 1 h 25 min. Charge 42 will be closed without it, at its last meter reading (0.50 kWh).',
    ),
  ).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Close without the charge point' }));
  expect(await screen.findByText('Charge 42 has been stopped')).toBeTruthy();
  const stops = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/stop/');
  expect(stops.map((stop) => JSON.parse(String(stop.init?.body)))).toEqual([{ transaction_id: 42, force: true }]);
});

test.each([
  [
    'ru' as const,
    { state: 'offline' as const, silent_for: 240, force_finish_in: 360 },
    'Зарядная станция Ала-Тоо 1 молчит уже 4 мин. Зарядка 42 будет закрыта без неё, по последнему показанию счётчика (0,50 кВт·ч). Она замолчала недавно и ещё может выйти на связь: закрыть зарядку без неё можно через 6 мин.',
  ],
  [
    'ky' as const,
    { state: 'none' as const, silent_for: null, force_finish_in: 0 },
    'Ала-Тоо 1 станциясына кубаттоо түзмөгү али бир да жолу туташкан эмес. 42 кубаттоо түзмөксүз, эсептегичтин акыркы көрсөткүчү боюнча жабылат (0,50 кВт·саат).',
  ],
])('the force confirmation in %s: silent too briefly, or never connected', async (language, point, text) => {
  await changeLanguage(language);
  serve({ rows: [{ ...RUNNING, charge_point: point }] });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list');
  const table = await screen.findByRole('table');
  const cell = await within(table).findByText('42', { selector: 'td' });
  const stopButton = within(cell.closest('tr') as HTMLElement).getByRole('button', { name: /42/ });
  await user.click(stopButton);
  expect(within(await screen.findByRole('dialog')).getByText(text)).toBeTruthy();
});

test('a charge closed without its charge point or automatically carries a tag saying so', async () => {
  serve({
    rows: [
      { ...FINISHED, status: 'stopped', closed_by: 'force' },
      { ...FINISHED, id: 43, number: 43, status: 'stopped', closed_by: 'auto' },
    ],
  });
  renderRoutes(signedInRoutes, '/chargers-list');
  expect(within(await rowOf(41)).getByText('Closed without the charge point')).toBeTruthy();
  expect(within(await rowOf(43)).getByText('Closed automatically')).toBeTruthy();
});

test('without charges.stop and charges.export there is no Stop and no export', async () => {
  serve({ rows: [RUNNING], permissions: ['charges.view'] });
  renderRoutes(signedInRoutes, '/chargers-list');
  const running = await rowOf(42);
  expect(within(running).queryByRole('button', { name: 'Stop charge 42' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
});

test('exports send the current filters, not the page', async () => {
  const requests = serve({ rows: [FINISHED] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list?source=rfid&page=3');
  await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
  await waitFor(() => {
    expect(requests.some((request) => request.url.pathname === '/api/v1/users/transactions/export/')).toBe(true);
  });
  const exported = requests.find((request) => request.url.pathname === '/api/v1/users/transactions/export/');
  expect(exported?.url.searchParams.get('format')).toBe('csv');
  expect(exported?.url.searchParams.get('source')).toBe('rfid');
  expect(exported?.url.searchParams.has('page')).toBe(false);
});

test("the dashboard's weekday link: list, totals and export of that weekday in the period, a chip that removes it", async () => {
  const requests = serve({ rows: [FINISHED] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  const user = userEvent.setup();
  const { router } = renderRoutes(
    signedInRoutes,
    '/chargers-list?status=finished&status=stopped&finished_date__from=2026-11-01&finished_date__to=2026-11-30&finished_weekday=6',
  );
  const chips = await screen.findByRole('list', { name: 'Active filters' });
  await waitFor(() => {
    expect(within(chips).getByText('Finished on weekdays: Saturday')).toBeTruthy();
  });
  // The panel shows the weekday chosen, by name.
  await waitFor(() => {
    const weekdays = screen.getByRole('combobox', { name: 'Finished on weekdays' }).closest('.ant-select');
    expect(weekdays?.textContent).toContain('Saturday');
  });
  const last = (path: string) => requests.filter((request) => request.url.pathname === path).at(-1)?.url.searchParams;
  await waitFor(() => {
    for (const path of ['/api/v1/users/transactions/', '/api/v1/users/transactions/totals/']) {
      expect(last(path)?.getAll('finished_weekday'), path).toEqual(['6']);
      expect(last(path)?.get('finished_date__from'), path).toBe('2026-11-01');
    }
  });
  await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
  await waitFor(() => {
    expect(last('/api/v1/users/transactions/export/')?.getAll('finished_weekday')).toEqual(['6']);
  });

  // Removing the chip drops the weekday alone: the period stays.
  await user.click(within(chips).getByLabelText('Remove the filter Finished on weekdays'));
  await waitFor(() => {
    expect(router.state.location.search).not.toContain('finished_weekday');
  });
  expect(router.state.location.search).toContain('finished_date__from=2026-11-01');
  await waitFor(() => {
    expect(last('/api/v1/users/transactions/totals/')?.has('finished_weekday')).toBe(false);
  });
});

test('a weekday the URL cannot hold is dropped, never sent', async () => {
  const requests = serve({ rows: [FINISHED] });
  renderRoutes(signedInRoutes, '/chargers-list?finished_weekday=8');
  await rowOf(41);
  const list = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/').at(-1);
  expect(list?.url.searchParams.has('finished_weekday')).toBe(false);
});
