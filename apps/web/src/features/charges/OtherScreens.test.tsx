import { screen, within } from '@testing-library/react';
import type { TCharge } from '@zaryad/contracts';
import { App } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { StationCharges } from '@/features/charges/StationCharges';
import { UserCharges } from '@/features/charges/UserCharges';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 45_000 });

const charge = (id: number, status: TCharge['status']): TCharge => ({
  id,
  number: id,
  ocpp_transaction_id: 9000 + id,
  user: { id: 7, name: 'Айгуль Токтогулова', personal_account: '100007' },
  station: { id: 3, name: 'Ала-Тоо 1', merchant_id: 2 },
  connector: { id: 5, name: 'CCS2 #1', ocpp_16_id: 1 },
  app_version: '2.4.1',
  platform: 2,
  source: 'app',
  started_at: '2026-11-23T12:00:00.000Z',
  finished_at: null,
  duration: 600,
  meter_start: 0,
  meter_stop: null,
  consumption_kwh: '1.000',
  tariff: { kind: 'default', price_per_kwh: '16.00', rate_id: null },
  promotion_id: null,
  discount: '0.00',
  total_cost: '16.00',
  shortfall: '0.00',
  payment_method: 'personal_balance',
  status,
  transaction_status: null,
  closed_by: null,
  charge_point: null,
  running_cost: null,
  cost_breakdown: null,
});

const serve = (total: number) =>
  stubFetch((url) =>
    url.pathname === '/api/v1/users/transactions/'
      ? jsonResponse(200, {
          items: [charge(2, 'in_progress'), charge(1, 'finished')],
          page: 1,
          pages: 1,
          size: 10,
          total,
        })
      : undefined,
  );

beforeEach(async () => {
  await changeLanguage('ru');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test("a user's tab reads that user's charges, without the user column, with Stop on the running one", async () => {
  const requests = serve(2);
  renderRoutes(
    [
      {
        path: '/user/:id',
        element: (
          <App>
            <UserCharges userId={7} />
          </App>
        ),
      },
    ],
    '/user/7',
  );
  const table = await screen.findByRole('table', { name: 'Зарядки' });
  expect(await within(table).findByText('Идёт')).toBeTruthy();
  expect(within(table).getByText('Завершена')).toBeTruthy();
  expect(within(table).queryByRole('columnheader', { name: 'Пользователь' })).toBeNull();
  expect(within(table).getByRole('button', { name: 'Остановить зарядку 2' })).toBeTruthy();
  const sent = requests.find((request) => request.url.pathname === '/api/v1/users/transactions/');
  expect(sent?.url.searchParams.get('search_by_user_id')).toBe('7');
});

test("a station's page shows its 10 newest charges and links to the rest", async () => {
  const requests = serve(25);
  renderRoutes(
    [
      {
        path: '/s',
        element: (
          <App>
            <StationCharges stationId={3} />
          </App>
        ),
      },
    ],
    '/s',
  );
  // The table scrolls sideways only once it has rows (an empty one must not: axe scrollable-region-focusable), so
  // it is looked up after they arrived.
  await screen.findAllByRole('link', { name: 'Айгуль Токтогулова' });
  const table = screen.getByRole('table', { name: 'Последние зарядки' });
  expect(within(table).getAllByRole('link', { name: 'Айгуль Токтогулова' })).toHaveLength(2);
  expect(within(table).queryByRole('columnheader', { name: 'Станция' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Все зарядки станции' }).getAttribute('href')).toBe(
    '/chargers-list?station_id__in=3',
  );
  const sent = requests.find((request) => request.url.pathname === '/api/v1/users/transactions/');
  expect(sent?.url.searchParams.getAll('station_id__in')).toEqual(['3']);
  expect(sent?.url.searchParams.get('size')).toBe('10');
  expect(sent?.url.searchParams.get('page')).toBe('1');
});
