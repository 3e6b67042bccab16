import { ZRate } from '@zaryad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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

const ACTIVE = buildRate({ id: 1, name: 'Active AC', status: 0 });
const INACTIVE = buildRate({ id: 2, name: 'Draft DC', typo: 'ccs2', fee: '18.00', rate_type: 'default', status: 1 });

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('cell', { name });
  const row = cell.closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return within(row);
};

test('an active tariff can be neither edited nor deleted; an inactive one can', async () => {
  stubRatesApi([ACTIVE, INACTIVE]);
  renderRoutes(routes, '/rates');

  const active = await rowOf('Active AC');
  expect(active.getByRole('button', { name: 'Edit Active AC' }).hasAttribute('disabled')).toBe(true);
  expect(active.getByRole('button', { name: 'Delete Active AC' }).hasAttribute('disabled')).toBe(true);
  const inactive = await rowOf('Draft DC');
  expect(inactive.getByRole('button', { name: 'Edit Draft DC' }).hasAttribute('disabled')).toBe(false);
  expect(inactive.getByRole('button', { name: 'Delete Draft DC' }).hasAttribute('disabled')).toBe(false);
  // Names, not keys: the connector type, the rate type and the price with its currency.
  expect(inactive.getByText('CCS2')).toBeTruthy();
  expect(inactive.getByText('Default')).toBeTruthy();
  expect(inactive.getByText('18.00 som')).toBeTruthy();
});

test('the default tariffs panel shows each connector type, with not set when there is none', async () => {
  stubRatesApi([ACTIVE]);
  renderRoutes(routes, '/rates');
  const panel = await screen.findByRole('region', { name: 'Default tariffs by connector type' });
  expect(await within(panel).findByText('10.00 som')).toBeTruthy();
  // Each connector type a term with its price as the definition.
  expect(
    within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Type 2 (Mennekes)', 'CCS2']);
  expect(
    within(panel)
      .getAllByRole('definition')
      .map((price) => price.textContent),
  ).toEqual(['10.00\u00a0som', 'not set']);
});

test('default tariffs that fail to load say why in their line; the list below still loads', async () => {
  stubRatesApi([ACTIVE], (url) =>
    url.pathname === '/api/v1/payments/default-rates-fee/'
      ? jsonResponse(403, { detail: 'You do not have permission to perform this action.' })
      : undefined,
  );
  renderRoutes(routes, '/rates');
  const panel = await screen.findByRole('region', { name: 'Default tariffs by connector type' });
  expect(await within(panel).findByText('You do not have permission to perform this action.')).toBeTruthy();
  expect(within(panel).queryByRole('term')).toBeNull();
  expect(await rowOf('Active AC')).toBeTruthy();
});

test('a refused delete shows the server messages joined', async () => {
  const requests = stubRatesApi([INACTIVE], (url, init) =>
    init?.method === 'DELETE' ? jsonResponse(400, ['An active record cannot be deleted.', 'Try later.']) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/rates');

  await user.click((await rowOf('Draft DC')).getByRole('button', { name: 'Delete Draft DC' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('An active record cannot be deleted. Try later.')).toBeTruthy();
  expect(requests.some(({ url, init }) => init?.method === 'DELETE' && url.pathname === '/api/v1/payments/2/')).toBe(
    true,
  );
});

test('bulk activation sends PATCH /payments/ with a list of {id, active}', async () => {
  const requests = stubRatesApi([INACTIVE], (url, init) =>
    init?.method === 'PATCH' && url.pathname === '/api/v1/payments/'
      ? answer(ZRate.array(), [{ ...INACTIVE, status: 0 }])
      : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/rates');

  await user.click(await screen.findByRole('checkbox', { name: 'Select row 2' }));
  await user.click(screen.getByRole('button', { name: 'Activate (1)' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Activate' }));

  await waitFor(() => {
    const patch = requests.find(({ init }) => init?.method === 'PATCH');
    expect(sentBody(patch?.init)).toEqual([{ id: 2, active: true }]);
  });
});

test('an empty network shows the tariffs empty-state message', async () => {
  stubRatesApi([]);
  renderRoutes(routes, '/rates');
  expect(await screen.findByText('There are no tariffs yet')).toBeTruthy();
});
