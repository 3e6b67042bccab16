import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRentalPartner } from '@zaryad/contracts';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { partnersRoutes } from '@/features/partners/routes';
import { changeLanguage } from '@/lib/i18n';

// antd's <App> (message) sits in the signed-in layout; the screen gets it here without the layout.
const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: [partnersRoutes],
  },
];

const PARTNER: TRentalPartner = {
  id: 5,
  name: 'Tok Service',
  legal_entity: 'OsOO Tok Service',
  contact_person: 'Aibek Toktogulov',
  phone: '996555123456',
  email: 'info@tok.kg',
  agreement_number: 'SR-2026/05',
  percentage: '12.50',
  start_date: '2026-03-01',
  end_date: '2026-12-31',
  status: 0,
  created_at: '2026-03-01T08:00:00Z',
};

// The screen's lazy chunk (antd included) is loaded once before the tests: slow on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/partners/PartnersListPage');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const stubPartners = (partners: TRentalPartner[], override: (url: URL, init?: RequestInit) => Response | undefined) =>
  stubFetch(
    (url, init) =>
      override(url, init) ??
      (url.pathname === '/api/v1/software-rental-partners/' && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, { items: partners, page: 1, pages: 1, size: 10, total: partners.length })
        : undefined),
  );

const sent = (requests: ReturnType<typeof stubFetch>, method: string) =>
  requests.filter(({ init }) => init?.method === method).map(({ init }) => JSON.parse(String(init?.body)) as unknown);

const openEdit = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Edit Tok Service' }));
  const drawer = within(await screen.findByRole('dialog'));
  expect(drawer.getByText('Tok Service — editing the partner')).toBeTruthy();
  // The form loads with the drawer's first opening.
  await drawer.findByRole('button', { name: 'Save' });
  return drawer;
};

test('the list shows the contract: phone with its mask, percentage and period', async () => {
  stubPartners([PARTNER], () => undefined);
  renderRoutes(routes, '/software-rental-partners');
  expect(await screen.findByText('Tok Service')).toBeTruthy();
  expect(screen.getByText('+996 (555) 12-34-56')).toBeTruthy();
  expect(screen.getByText('12.5')).toBeTruthy();
  expect(screen.getByText('01.03.2026 – 31.12.2026')).toBeTruthy();
});

test('an end date before the start is refused with the translated message and nothing is sent', async () => {
  const requests = stubPartners([{ ...PARTNER, end_date: '2026-01-15' }], () => undefined);
  const user = userEvent.setup();
  renderRoutes(routes, '/software-rental-partners');
  const drawer = await openEdit(user);
  await user.click(drawer.getByRole('button', { name: 'Save' }));
  expect(await drawer.findByText('The end date cannot be earlier than the start date')).toBeTruthy();
  expect(sent(requests, 'PATCH')).toHaveLength(0);
});

test('a percentage over 100 is refused; a valid edit is sent with ISO dates', async () => {
  const requests = stubPartners([PARTNER], (_url, init) =>
    init?.method === 'PATCH' ? jsonResponse(200, { ...PARTNER, percentage: '15.00' }) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/software-rental-partners');
  const drawer = await openEdit(user);
  const percentage = drawer.getByLabelText('Percentage, %');

  await user.clear(percentage);
  await user.type(percentage, '150');
  await user.click(drawer.getByRole('button', { name: 'Save' }));
  expect(await drawer.findByText('Enter a percentage from 0 to 100')).toBeTruthy();
  expect(sent(requests, 'PATCH')).toHaveLength(0);

  await user.clear(percentage);
  await user.type(percentage, '15');
  await user.click(drawer.getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(sent(requests, 'PATCH')).toEqual([
      expect.objectContaining({
        percentage: '15',
        start_date: '2026-03-01',
        end_date: '2026-12-31',
        phone: '996555123456',
      }),
    ]);
  });
  expect(await screen.findByText('The changes have been saved')).toBeTruthy();
});

test('bulk status deactivates the selected partners through statuses/', async () => {
  const requests = stubPartners([PARTNER], (url) =>
    url.pathname === '/api/v1/software-rental-partners/statuses/'
      ? jsonResponse(200, [{ ...PARTNER, status: 1 }])
      : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/software-rental-partners');
  await user.click(await screen.findByRole('checkbox', { name: 'Select row 5' }));
  await user.click(screen.getByRole('button', { name: 'Deactivate (1)' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
  await waitFor(() => {
    expect(sent(requests, 'PATCH')).toEqual([{ ids: [5], active: false }]);
  });
});
