import { ZRate } from '@zaryad/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '@/app/testing/renderRoutes';
import { answer, buildRate, sentBody, stubRatesApi } from '@/test/ratesFakeApi';
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

const fillForm = async (user: ReturnType<typeof userEvent.setup>, fee: string) => {
  await user.type(await screen.findByLabelText('Name'), 'Night AC');
  await user.click(screen.getByLabelText('Connector type'));
  await user.click(await screen.findByText('Type 2 (Mennekes) · AC'));
  await user.type(screen.getByLabelText('Price per kWh, som'), fee);
  await user.click(screen.getByRole('button', { name: 'Create' }));
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
    fee: '7.5',
  });
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
  expect(await screen.findByRole('table')).toBeTruthy();
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
