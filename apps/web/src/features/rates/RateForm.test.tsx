import { ZRate, ZRateVersion } from '@zaryad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '@/app/testing/renderRoutes';
import { answer, buildRate, buildVersion, sentBody, stubRatesApi } from '@/test/ratesFakeApi';
import { ratesRoutes } from '@/features/rates/routes';
import { changeLanguage } from '@/lib/i18n';

// antd's <App> (message) sits in the signed-in layout; the screens get it here without the layout.
const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: ratesRoutes,
  },
];

// The screen's lazy chunk (antd included) is loaded once before the tests: slow on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/rates/RatesListPage');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const posts = (requests: ReturnType<typeof stubRatesApi>) => requests.filter(({ init }) => init?.method === 'POST');

const fillHead = async (user: ReturnType<typeof userEvent.setup>, fee: string) => {
  await user.type(await screen.findByLabelText('Name'), 'Night AC');
  await user.click(screen.getByLabelText('Connector type'));
  await user.click(await screen.findByText('Type 2 (Mennekes) · AC'));
  await user.type(screen.getByLabelText('Price per kWh, som'), fee);
};

const fillForm = async (user: ReturnType<typeof userEvent.setup>, fee: string) => {
  await fillHead(user, fee);
  await user.click(screen.getByRole('button', { name: 'Create' }));
};

/** Adds a period row and returns it. */
const addPeriod = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Add a period' }));
  const rows = await screen.findAllByRole('group', { name: /^Period \d+$/ });
  const row = rows.at(-1);
  if (!row) {
    throw new Error('no period row');
  }
  return row;
};

const NO_COMPONENTS = {
  time_fee: '0.00',
  idle_fee: '0.00',
  idle_grace_minutes: 0,
  session_fee: '0.00',
  min_cost: null,
  max_cost: null,
  periods: [],
};

test.each([
  ['12.345', 'Enter a price in som with at most 2 decimals'],
  ['-5', 'The price cannot be negative'],
])('a price of %s is refused with "%s" and nothing is sent', async (fee, text) => {
  const requests = stubRatesApi([]);
  const user = userEvent.setup();
  renderRoutes(routes, '/rates/create');
  await fillForm(user, fee);
  expect(await screen.findByText(text)).toBeTruthy();
  expect(posts(requests)).toHaveLength(0);
});

test('a valid tariff is created and the list opens with a success message', async () => {
  const requests = stubRatesApi([], (url, init) =>
    init?.method === 'POST' ? answer(ZRate, buildRate({ id: 9, name: 'Night AC', fee: '7.50' }), 201) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/rates/create');
  await fillForm(user, '7.5');

  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/rates');
  });
  expect(await screen.findByText('The tariff has been created')).toBeTruthy();
  expect(sentBody(posts(requests)[0]?.init)).toEqual({
    name: 'Night AC',
    rate_type: 'personal',
    typo: 'type2',
    merchant_id: null,
    fee: '7.5',
    ...NO_COMPONENTS,
  });
});

test.each([
  ['Price per minute of charging, som', '1.234', 'Enter a price in som with at most 2 decimals'],
  ['Price per idle minute, som', '-1', 'The price cannot be negative'],
  ['Fee per charge, som', '123456', 'Enter a price in som with at most 2 decimals'],
  ['Minimum cost of a charge, som', '1,5', 'Enter a price in som with at most 2 decimals'],
])('%s of %s is refused with "%s" as the energy price is', async (label, value, text) => {
  const requests = stubRatesApi([]);
  const user = userEvent.setup();
  renderRoutes(routes, '/rates/create');
  await fillHead(user, '7.5');
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText(text)).toBeTruthy();
  expect(posts(requests)).toHaveLength(0);
});

test('a maximum below the minimum is refused on the maximum', async () => {
  const requests = stubRatesApi([]);
  const user = userEvent.setup();
  renderRoutes(routes, '/rates/create');
  await fillHead(user, '7.5');
  await user.type(screen.getByLabelText('Minimum cost of a charge, som'), '100');
  await user.type(screen.getByLabelText('Maximum cost of a charge, som'), '50');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('The maximum cannot be below the minimum')).toBeTruthy();
  expect(posts(requests)).toHaveLength(0);
});

test('a period with no condition, or half a time range, is refused on its row; a whole one is sent', async () => {
  const requests = stubRatesApi([], (url, init) =>
    init?.method === 'POST' ? answer(ZRate, buildRate({ id: 9, name: 'Night AC', fee: '7.50' }), 201) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/rates/create');
  await fillHead(user, '7.5');
  const row = await addPeriod(user);
  await user.type(within(row).getByLabelText('Price, som'), '4.5');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(
    await within(row).findByText('Give the period at least one condition: time, weekdays, dates or power'),
  ).toBeTruthy();

  await user.type(within(row).getByLabelText('From'), '23:00');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await within(row).findByText('Enter both the start and the end time')).toBeTruthy();
  expect(posts(requests)).toHaveLength(0);

  await user.type(within(row).getByLabelText('To'), '07:00');
  await user.click(within(row).getByRole('checkbox', { name: 'Sat' }));
  await user.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/rates');
  });
  expect(sentBody(posts(requests)[0]?.init)).toMatchObject({
    periods: [
      {
        component: 'energy',
        price: '4.5',
        start_time: '23:00',
        end_time: '07:00',
        weekdays: [6],
        start_date: null,
        end_date: null,
        min_power_kw: null,
        max_power_kw: null,
      },
    ],
  });
});

test("a 400 on a period's field (periods.0.end_time) lands on that row's field", async () => {
  stubRatesApi([], (url, init) =>
    init?.method === 'POST' ? jsonResponse(400, { 'periods.0.end_time': ['Server says the end is wrong'] }) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/rates/create');
  await fillHead(user, '7.5');
  const row = await addPeriod(user);
  await user.type(within(row).getByLabelText('Price, som'), '4.5');
  await user.type(within(row).getByLabelText('From'), '08:00');
  await user.type(within(row).getByLabelText('To'), '09:00');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await within(row).findByText('Server says the end is wrong')).toBeTruthy();
});

test('the merchant is offered for a default tariff only', async () => {
  stubRatesApi([]);
  const user = userEvent.setup();
  renderRoutes(routes, '/rates/create');
  await screen.findByLabelText('Name');
  expect(screen.queryByText('Merchant')).toBeNull();
  await user.click(screen.getByText('Default'));
  expect(await screen.findByText('Merchant')).toBeTruthy();
  expect(screen.getByLabelText('The whole network')).toBeTruthy();
});

test('a 400 shows the first field error and puts it on its field', async () => {
  stubRatesApi([], (url, init) =>
    init?.method === 'POST' ? jsonResponse(400, { fee: ['Server says the price is wrong'] }) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/rates/create');
  await fillForm(user, '7.5');

  // Once in the notification, once under the field.
  await waitFor(() => {
    expect(screen.getAllByText('Server says the price is wrong')).toHaveLength(2);
  });
  expect(router.state.location.pathname).toBe('/rates/create');
});

test('an active tariff lists its versions and gets a new price from now through POST /versions/', async () => {
  const rate = buildRate({ id: 3, name: 'Live AC', status: 0, fee: '12.50', time_fee: '1.00' });
  const requests = stubRatesApi([rate], (url, init) =>
    init?.method === 'POST' && url.pathname === '/api/v1/payments/3/versions/'
      ? answer(ZRateVersion, buildVersion(rate, { id: 200, fee: '14.00' }), 201)
      : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/edit-rates/3');
  const versions = await screen.findByTestId('rate-versions');
  expect(await within(versions).findByText('In force')).toBeTruthy();
  expect(within(versions).getByText('12.50 som/kWh', { selector: 'td dd' })).toBeTruthy();
  expect(within(versions).getByText('1.00 som/min')).toBeTruthy();
  // A day of the current version: no periods, one stretch at the energy price.
  expect(within(screen.getByTestId('day-timeline')).getByText('00:00–24:00: 12.50 som/kWh')).toBeTruthy();

  await user.click(within(versions).getByRole('button', { name: 'New price from…' }));
  const title = await screen.findByText('New price of Live AC');
  const dialog = title.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) {
    throw new Error('no dialog');
  }
  const fee = within(dialog).getByLabelText('Price per kWh, som') as HTMLInputElement;
  expect(fee.value).toBe('12.50');
  await user.clear(fee);
  await user.type(fee, '14');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('The new price has been saved')).toBeTruthy();
  const post = posts(requests).find(({ url }) => url.pathname === '/api/v1/payments/3/versions/');
  // Left empty, the date is "now": not sent.
  expect(sentBody(post?.init)).toEqual({ fee: '14', ...NO_COMPONENTS, time_fee: '1.00' });
});

test('an inactive tariff has no "New price from…": its form is edited', async () => {
  stubRatesApi([buildRate({ id: 5, name: 'Draft AC', status: 1 })]);
  renderRoutes(routes, '/edit-rates/5');
  const versions = await screen.findByTestId('rate-versions');
  expect(await within(versions).findByText('In force')).toBeTruthy();
  expect(within(versions).queryByRole('button', { name: 'New price from…' })).toBeNull();
});

test('an active tariff opens read-only, without a save button', async () => {
  stubRatesApi([buildRate({ id: 3, name: 'Live AC', status: 0 })]);
  renderRoutes(routes, '/edit-rates/3');
  expect(await screen.findByText('An active tariff cannot be edited. Deactivate it in the list first.')).toBeTruthy();
  expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
});

test('an inactive tariff is edited with PATCH and returns to the list', async () => {
  const rate = buildRate({ id: 4, name: 'Old AC', status: 1 });
  const requests = stubRatesApi([rate], (url, init) =>
    init?.method === 'PATCH' ? answer(ZRate, { ...rate, fee: '9.99' }) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/edit-rates/4');
  const fee = await screen.findByLabelText('Price per kWh, som');
  // The catalogue drawer over the list (issue 33, item 6), titled with the tariff's name.
  expect(await screen.findByText('Old AC — editing the tariff', { selector: '.ant-drawer-title' })).toBeTruthy();
  // The list's table behind the drawer (the drawer has the versions' table too).
  expect((await screen.findAllByRole('table')).length).toBeGreaterThan(1);
  await user.clear(fee);
  await user.type(fee, '9.99');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/rates');
  });
  const patch = requests.find(({ init }) => init?.method === 'PATCH');
  expect(patch?.url.pathname).toBe('/api/v1/payments/4/');
  expect(sentBody(patch?.init)).toMatchObject({ fee: '9.99' });
});
